// Talking to the server: GraphQL queries and mutations as POST /graphql, the
// matchUpdates subscription over a WebSocket (graphql-transport-ws), and the seat
// tokens this browser holds (localStorage), which are all it needs to resume a seat.

const ENDPOINT = "/graphql";
const STORE_KEY = "nbc.seats";

export class ApiError extends Error {
  constructor(message, code, retryAfter = null) {
    super(message);
    this.code = code || "NETWORK";
    // seconds the server asked us to wait before trying again (a 503's Retry-After)
    this.retryAfter = retryAfter;
  }
}

// UNAVAILABLE: the server's database is away for a moment and nothing was changed;
// NETWORK: the server itself could not be reached. Both are worth trying again.
export function passing(error) {
  return error instanceof ApiError && (error.code === "UNAVAILABLE" || error.code === "NETWORK");
}

export async function gql(query, variables = {}, token = null) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(ENDPOINT, { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  } catch (error) {
    throw new ApiError(`the server could not be reached (${error.message})`, "NETWORK");
  }
  let body;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(`the server answered ${response.status} without JSON`, "NETWORK");
  }
  if (body.errors && body.errors.length) {
    const first = body.errors[0];
    const wait = Number(response.headers.get("Retry-After"));
    throw new ApiError(first.message, first.extensions && first.extensions.code, wait > 0 ? wait : null);
  }
  return body.data;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// How long to wait before the next try: what the server asked for, else a little
// longer each time, never more than ten seconds.
export function pause(error, attempt) {
  const asked = error && error.retryAfter ? error.retryAfter * 1000 : 0;
  return Math.min(10_000, Math.max(asked, 500 * 2 ** Math.min(attempt, 5)));
}

// gql() that waits out a database outage or a server restart: on UNAVAILABLE or
// NETWORK it calls `onWait(error)` (to show a notice) and tries again, for at most
// `patience` milliseconds; any other refusal is thrown at once. `onBack()` is called
// when an answer comes after such a wait.
export async function gqlPatient(query, variables, token, { onWait, onBack, patience = 120_000 } = {}) {
  const start = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const data = await gql(query, variables, token);
      if (attempt && onBack) onBack();
      return data;
    } catch (error) {
      if (!passing(error) || Date.now() - start > patience) throw error;
      if (onWait) onWait(error);
      await sleep(pause(error, attempt));
    }
  }
}

// One subscription on its own socket. `onNext(value)` for each message (the value of
// the subscription's field), `onError(ApiError)` for a refusal, `onDone(completed)`
// once: completed is true when the server ended the subscription itself (for
// matchUpdates: the match is over), false when the socket closed under it (a server
// restart, a lost network) and the caller may want to subscribe again. `close()`
// ends it without calling onDone.
export function subscribe(query, variables, token, { onNext, onError, onDone }) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}${ENDPOINT}`, "graphql-transport-ws");
  let finished = false;
  const finish = (completed) => {
    if (!finished) {
      finished = true;
      onDone && onDone(completed);
    }
  };
  socket.onopen = () => {
    const payload = token ? { Authorization: `Bearer ${token}` } : {};
    socket.send(JSON.stringify({ type: "connection_init", payload }));
  };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "connection_ack") {
      socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query, variables } }));
    } else if (data.type === "ping") {
      socket.send(JSON.stringify({ type: "pong" }));
    } else if (data.type === "next") {
      const payload = data.payload || {};
      if (payload.errors && payload.errors.length) {
        const first = payload.errors[0];
        onError && onError(new ApiError(first.message, first.extensions && first.extensions.code));
      } else {
        const values = Object.values(payload.data || {});
        if (values.length) onNext(values[0]);
      }
    } else if (data.type === "error") {
      const first = Array.isArray(data.payload) ? data.payload[0] : data.payload;
      const code = (first && first.extensions && first.extensions.code) || "BAD_REQUEST";
      onError && onError(new ApiError(first && first.message ? first.message : JSON.stringify(data.payload), code));
    } else if (data.type === "complete") {
      finish(true);
      socket.close();
    }
  };
  socket.onclose = () => finish(false);
  return {
    close() {
      finished = true;
      socket.close();
    },
  };
}

// Seat tokens: { matchId: { game, variant, tokens: { seat: token }, at } }.
export function seatsHeld() {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) || "{}");
  } catch {
    return {};
  }
}

export function keepSeat(matchId, game, variant, seat, token) {
  const all = seatsHeld();
  const entry = all[matchId] || { game, variant, tokens: {}, at: Date.now() };
  entry.tokens[String(seat)] = token;
  all[matchId] = entry;
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

export function forgetMatch(matchId) {
  const all = seatsHeld();
  delete all[matchId];
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

export function tokenFor(matchId, seat = null) {
  const entry = seatsHeld()[matchId];
  if (!entry) return null;
  const seats = Object.keys(entry.tokens).map(Number).sort((a, b) => a - b);
  if (!seats.length) return null;
  const chosen = seat !== null && seats.includes(seat) ? seat : seats[0];
  return { seat: chosen, token: entry.tokens[String(chosen)], seats };
}

// Each game's catalogue, asked once per page (waiting out a short outage; one that
// could not be read is asked again next time, and the page goes on without card text).
const catalogues = new Map();
export function catalogue(game) {
  if (!catalogues.has(game)) {
    catalogues.set(
      game,
      gqlPatient("query($game: String!) { cards(game: $game) { id name kind text numbers } }", { game }, null, {
        patience: 15_000,
      })
        .then((data) => data.cards)
        .catch(() => {
          catalogues.delete(game);
          return [];
        }),
    );
  }
  return catalogues.get(game);
}

export const MATCH_FIELDS = `
  id game variant status seq players options you replayable listed seed
  seats { seat kind bot name }
  viewJson waitingFor
  prompts { seat kind text choices { id label data card cards } }
  outcome { winners scores tiebreak reason }`;

export const EVENT_FIELDS = "seq index kind text data private card cards";

// The largest page of events the server gives in one answer.
export const EVENTS_PAGE = 1000;

// Every event of `firstPage` and the pages after it, up to step `upTo`: a page holds
// whole choices, so the next one starts after the last event's seq; an empty page, or
// one that reaches `upTo`, is the last.
export async function restOfEvents(matchId, token, firstPage, upTo, options = {}) {
  const query = `query($id: ID!, $after: Int!, $limit: Int!) { match(id: $id) {
    events(after: $after, limit: $limit) { ${EVENT_FIELDS} } } }`;
  const all = [...firstPage];
  let page = firstPage;
  while (page.length && page[page.length - 1].seq < upTo) {
    const after = page[page.length - 1].seq;
    const data = await gqlPatient(query, { id: matchId, after, limit: EVENTS_PAGE }, token, options);
    page = data.match.events;
    all.push(...page);
  }
  return all;
}
