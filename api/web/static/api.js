// Talking to the server: GraphQL queries and mutations as POST /graphql, the
// matchEvents subscription over a WebSocket (graphql-transport-ws), and the seat
// tokens this browser holds (localStorage), which are all it needs to resume a seat.

const ENDPOINT = "/graphql";
const STORE_KEY = "nbc.seats";

export class ApiError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code || "NETWORK";
  }
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
    throw new ApiError(first.message, first.extensions && first.extensions.code);
  }
  return body.data;
}

// One subscription on its own socket. `onEvent(event)` for each event, `onError(ApiError)`
// for a refusal, `onDone()` when the server completes it (the match is over) or the
// socket closes; `close()` ends it.
export function subscribe(query, variables, token, { onEvent, onError, onDone }) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}${ENDPOINT}`, "graphql-transport-ws");
  let finished = false;
  const finish = () => {
    if (!finished) {
      finished = true;
      onDone && onDone();
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
        onEvent(payload.data.matchEvents);
      }
    } else if (data.type === "error") {
      onError && onError(new ApiError(JSON.stringify(data.payload), "BAD_REQUEST"));
    } else if (data.type === "complete") {
      finish();
      socket.close();
    }
  };
  socket.onclose = finish;
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

// Each game's catalogue, asked once per page.
const catalogues = new Map();
export function catalogue(game) {
  if (!catalogues.has(game)) {
    catalogues.set(
      game,
      gql("query($game: String!) { cards(game: $game) { id name kind text numbers } }", { game })
        .then((data) => data.cards)
        .catch(() => []),
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
