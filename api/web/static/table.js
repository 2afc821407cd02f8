// The match page: the game's table, the seat's open prompts, the event log, kept
// current by the matchUpdates subscription. Every choice is answered with act(); a
// refusal is shown in the notice and changes nothing.

import {
  ApiError,
  EVENTS_PAGE,
  EVENT_FIELDS,
  MATCH_FIELDS,
  catalogue,
  gql,
  gqlPatient,
  passing,
  pause,
  restOfEvents,
  subscribe,
  tokenFor,
} from "./api.js";
import { Cards, cardChip, h, notify, svg } from "./dom.js";
import { eventItem } from "./events.js";
import { linkChoices } from "./links.js";

const MATCH = `query($id: ID!, $after: Int!, $limit: Int!) { match(id: $id) { ${MATCH_FIELDS}
  events(after: $after, limit: $limit) { ${EVENT_FIELDS} } } }`;
const ACT = `mutation($m: ID!, $c: String!, $s: Int!) { act(matchId: $m, choiceId: $c, expectedSeq: $s) {
  match { ${MATCH_FIELDS} } events { ${EVENT_FIELDS} } } }`;
const UPDATES = `subscription($m: ID!, $after: Int!) { matchUpdates(matchId: $m, after: $after) {
  seq status waitingFor openSeats events { ${EVENT_FIELDS} } } }`;
// how long a choice is sent again while the server's database is away
const ACT_PATIENCE = 60_000;

const BUILT_IN = {
  tcg: "./tables/tcg.js",
  munchkin: "./tables/munchkin.js",
  funkoverse: "./tables/funkoverse.js",
};

let pluginTables = null;
export async function tableModule(game) {
  if (pluginTables === null) {
    pluginTables = await fetch("/web/plugins.json")
      .then((r) => r.json())
      .catch(() => ({}));
  }
  const path = pluginTables[game] || BUILT_IN[game] || "./tables/generic.js";
  try {
    return (await import(path)).default;
  } catch (error) {
    notify(`The table for ${game} could not be loaded (${error.message}); showing the generic table.`);
    return (await import("./tables/generic.js")).default;
  }
}

export function seatName(match, seat) {
  const s = match.seats.find((x) => x.seat === seat);
  if (!s) return `seat ${seat}`;
  const who = s.name || (s.kind === "BOT" ? `bot ${s.bot || "random"}` : s.kind === "OPEN" ? "open" : "player");
  return `seat ${seat} (${who}${seat === match.you ? ", you" : ""})`;
}

export async function showMatch(main, matchId, wantedSeat = null) {
  const held = tokenFor(matchId, wantedSeat);
  const token = held ? held.token : null;
  const page = {
    match: null, // the match as drawn
    events: new Map(), // the events shown, by index
    known: -1, // every event of the caller's up to this step is in `events`
    heard: -1, // the latest step the subscription told of
    cards: new Cards([]),
    ui: {},
    busy: false,
    sub: null,
    drops: 0, // sockets closed in a row without a message
    left: false, // the page was left: follow nothing any more
  };

  const root = h("section", { class: "match", "aria-labelledby": "match-title" });
  const title = h("h1", { id: "match-title" }, "Match");
  const status = h("p", { class: "status", role: "status" });
  const tools = h("div", { class: "tools" });
  const table = h("div", { class: "table", id: "table" });
  const prompts = h("section", { class: "prompts", "aria-labelledby": "prompts-title" });
  const log = h("ol", { class: "log", reversed: true });
  const logBox = h("section", { class: "log-box", "aria-labelledby": "log-title" }, h("h2", { id: "log-title" }, "Events"), log);
  root.append(
    h("header", { class: "match-head" }, title, status, tools),
    h("div", { class: "match-body" }, table, h("div", { class: "side" }, prompts, logBox)),
  );
  main.replaceChildren(root);

  // A notice about the server being out of reach for a while (its database, the
  // server itself, the live socket): gentle, and taken down as soon as things work
  // again, unless another notice has replaced it meanwhile.
  let passingNotice = null;
  function notifyPassing(text) {
    passingNotice = text;
    notify(text, "info");
  }
  function clearPassing() {
    if (passingNotice === null) return;
    if (document.getElementById("notice").textContent === passingNotice) notify("");
    passingNotice = null;
  }
  function waitNotice(error) {
    if (error.code === "UNAVAILABLE") notifyPassing("The server cannot reach its match store just now; trying again in a moment…");
    else notifyPassing(`The server could not be reached; trying again in a moment… (${error.message})`);
  }
  const waits = { onWait: waitNotice, onBack: clearPassing };

  let render = null;
  const first = await gqlPatient(MATCH, { id: matchId, after: -1, limit: EVENTS_PAGE }, token, waits);
  page.cards = new Cards(await catalogue(first.match.game));
  render = await tableModule(first.match.game);
  // the whole log, a page at a time, up to the step the match was read at
  addEvents(await restOfEvents(matchId, token, first.match.events, first.match.seq, waits));
  page.known = first.match.seq;
  update(first.match);
  follow();

  function addEvents(events) {
    for (const e of events) {
      if (page.events.has(e.index)) continue;
      page.events.set(e.index, e);
      log.prepend(eventItem(e, page.cards));
    }
  }

  function context(match) {
    return {
      h,
      svg,
      match,
      game: match.game,
      variant: match.variant,
      options: match.options,
      you: match.you,
      seats: match.seats,
      cards: page.cards,
      events: [...page.events.values()].sort((a, b) => a.index - b.index),
      ui: page.ui,
      seatName: (seat) => seatName(match, seat),
      card: (info, attrs) => cardChip(page.cards, info, attrs),
      redraw: () => update(page.match, true),
    };
  }

  function update(match, force = false) {
    // An answer that was on its way while a newer one arrived is older than the table.
    if (page.match && match.seq < page.match.seq) return;
    // Drawing again what is already shown would only lose the focus and the pointer's place.
    const same =
      page.match &&
      page.drawn &&
      match.seq === page.match.seq &&
      match.status === page.match.status &&
      JSON.stringify(match.seats) === JSON.stringify(page.match.seats);
    if (same && !force) return;
    page.drawn = true;
    page.match = match;
    root.dataset.status = match.status;
    root.dataset.seq = match.seq;
    root.dataset.waiting = match.waitingFor.join(" ");
    root.dataset.game = match.game;
    title.textContent = `${match.game} · ${match.variant}`;
    status.replaceChildren(...statusLine(match));
    drawTools(match);
    let drawn;
    try {
      drawn = render(match.viewJson, context(match));
    } catch (error) {
      console.error(error);
      notify(`The table could not be drawn (${error.message}); the view is shown as JSON.`);
      drawn = h("pre", { class: "json" }, JSON.stringify(match.viewJson, null, 2));
    }
    table.replaceChildren(drawn);
    drawPrompts(match);
    linkChoices(table, match.prompts, choose);
  }

  function statusLine(match) {
    const parts = [h("span", { class: `badge ${match.status.toLowerCase()}` }, match.status.toLowerCase())];
    parts.push(` choice ${match.seq} · `);
    if (match.you === null) parts.push("you are watching · ");
    else parts.push(`you are ${seatName(match, match.you)} · `);
    if (match.status === "FINISHED" && match.outcome) {
      const o = match.outcome;
      const winners = o.winners.map((s) => seatName(match, s)).join(" and ") || "nobody";
      parts.push(h("strong", { class: "outcome" }, `Won by ${winners}`));
      if (o.scores.length) parts.push(` · scores ${o.scores.join(" / ")}`);
      if (o.reason) parts.push(` · ${o.reason}`);
    } else if (match.status === "WAITING") {
      parts.push("waiting for players to take the open seats");
    } else {
      const waiting = match.waitingFor.map((s) => seatName(match, s)).join(", ");
      parts.push(match.prompts.length ? h("strong", {}, "your decision") : `waiting for ${waiting || "nobody"}`);
    }
    return parts;
  }

  function drawTools(match) {
    const items = [];
    const open = match.seats.filter((s) => s.kind === "OPEN");
    if (open.length) {
      const link = `${location.origin}/#/join/${match.id}`;
      const field = h("input", { id: "invite", type: "text", readonly: true, value: link, "aria-label": "Invite link" });
      items.push(
        h(
          "div",
          { class: "invite" },
          h("label", { for: "invite" }, `Invite (${open.length} open seat${open.length > 1 ? "s" : ""}):`),
          field,
          h(
            "button",
            {
              type: "button",
              onclick: async () => {
                field.select();
                try {
                  await navigator.clipboard.writeText(link);
                  notify("Invite link copied.", "info");
                } catch {
                  notify("Select the link and copy it.", "info");
                }
              },
            },
            "Copy",
          ),
        ),
      );
    }
    if (held && held.seats.length > 1) {
      const pick = h("select", { id: "seat-pick", "aria-label": "Play as seat" });
      for (const s of held.seats) pick.append(h("option", { value: s }, `Play as seat ${s}`));
      pick.value = String(held.seat);
      pick.addEventListener("change", () => {
        location.hash = `#/match/${matchId}/${pick.value}`;
      });
      items.push(pick);
    }
    items.push(h("a", { href: `#/replay/${match.id}${held ? `/${held.seat}` : ""}`, class: "button" }, "Replay"));
    tools.replaceChildren(...items);
  }

  function drawPrompts(match) {
    const items = [h("h2", { id: "prompts-title" }, "Your decisions")];
    if (!match.prompts.length) {
      items.push(h("p", { class: "idle" }, match.you === null ? "You are watching: nothing to decide." : "Nothing to decide now."));
    }
    for (const p of match.prompts) {
      const box = h("div", { class: "prompt", dataset: { kind: p.kind } }, h("p", { class: "prompt-text" }, p.text));
      const list = h("div", { class: "choices", role: "group", "aria-label": p.text });
      for (const c of p.choices) {
        const definition = page.cards.find(c.card);
        list.append(
          h(
            "button",
            {
              type: "button",
              class: "choice",
              dataset: { choice: c.id, card: definition ? definition.id : "" },
              title: definition ? `${definition.name}: ${definition.text}` : null,
              onclick: () => choose(c.id),
            },
            c.label,
          ),
        );
      }
      box.append(list);
      items.push(box);
    }
    prompts.replaceChildren(...items);
  }

  async function choose(choiceId) {
    if (page.busy) return;
    page.busy = true;
    root.dataset.busy = "1";
    root.setAttribute("aria-busy", "true");
    try {
      const { act } = await send(choiceId, page.match.seq);
      notify("");
      passingNotice = null;
      addEvents(act.events);
      // The answer is the match once this choice is stored; the bots' replies, and
      // other people's choices, come later by the subscription.
      update(act.match);
      if (page.heard > page.match.seq) scheduleRefresh();
    } catch (error) {
      const why = error instanceof ApiError ? error.message : String(error);
      if (error.code === "STALE_SEQUENCE") notify(`The match moved on before your choice arrived; choose again. (${why})`);
      else if (passing(error)) notifyPassing(`Your choice could not be sent (${why}); choose again once the server is back.`);
      else notify(`Refused: ${why}`);
      await refresh().catch((problem) => notify(`Could not read the match: ${problem.message}`));
    } finally {
      page.busy = false;
      delete root.dataset.busy;
      root.removeAttribute("aria-busy");
      const next = document.querySelector(".prompts button.choice");
      if (next && !root.contains(document.activeElement)) next.focus();
    }
  }

  // act(), sent again while the server says its database is away (it changed nothing
  // then); a lost connection is not sent again, as the choice may have been stored.
  async function send(choiceId, expectedSeq) {
    const start = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await gql(ACT, { m: matchId, c: choiceId, s: expectedSeq }, token);
      } catch (error) {
        if (error.code !== "UNAVAILABLE" || Date.now() - start > ACT_PATIENCE || page.left) throw error;
        notifyPassing("The server cannot reach its match store just now; your choice will be sent again in a moment…");
        await new Promise((done) => setTimeout(done, pause(error, attempt)));
      }
    }
  }

  // Read the match again (its table, prompts and status) with the events after the
  // last step whose events the page holds; one refresh at a time, and never while
  // the page's own choice is on its way (its answer would race the read).
  let pending = null;
  let refreshing = false;
  let again = false;
  async function refresh() {
    const data = await gqlPatient(MATCH, { id: matchId, after: page.known, limit: EVENTS_PAGE }, token, waits);
    const events = data.match.events;
    addEvents(events);
    if (!events.length || events[events.length - 1].seq >= data.match.seq) page.known = Math.max(page.known, data.match.seq);
    update(data.match);
  }
  function scheduleRefresh() {
    if (refreshing) {
      again = true;
      return;
    }
    if (pending) return;
    pending = setTimeout(async () => {
      pending = null;
      if (page.left) return;
      if (page.busy) return scheduleRefresh();
      refreshing = true;
      try {
        await refresh();
      } catch (error) {
        notify(`Could not read the match: ${error.message}`);
      } finally {
        refreshing = false;
        if (again) {
          again = false;
          scheduleRefresh();
        }
      }
    }, 60);
  }

  // Follow matchUpdates from the last step whose events the page holds. Each message
  // tells of a step (even one that shows this seat nothing): a step newer than the
  // table, a new status (the last open seat taken, the end) or another seat taken
  // reads the match again. A socket closed under it (a restart, a lost network) is opened again
  // after a pause, `after` the last step heard, so nothing is missed or shown twice.
  function follow() {
    if (page.left) return;
    let told = false;
    let refused = false;
    page.sub = subscribe(UPDATES, { m: matchId, after: page.known }, token, {
      onNext(message) {
        told = true;
        page.drops = 0;
        clearPassing();
        addEvents(message.events);
        page.known = Math.max(page.known, message.seq);
        page.heard = Math.max(page.heard, message.seq);
        page.heardStatus = message.status;
        const seatsChanged = page.openSeats !== undefined && message.openSeats !== page.openSeats;
        page.openSeats = message.openSeats;
        if (message.seq > page.match.seq || message.status !== page.match.status || seatsChanged) scheduleRefresh();
      },
      onError(error) {
        refused = !passing(error);
        if (refused) notify(`Live updates stopped: ${error.message}`);
      },
      onDone(completed) {
        if (page.left || refused) return; // a refusal would only be given again
        if (completed && page.heardStatus === "FINISHED") return; // the match is over: nothing more will come
        page.drops = told ? 1 : page.drops + 1;
        if (page.drops > 1) notifyPassing("Live updates stopped: the server could not be reached; trying again…");
        scheduleRefresh();
        setTimeout(follow, pause(null, page.drops - 1));
      },
    });
  }

  return () => {
    page.left = true;
    if (pending) clearTimeout(pending);
    if (page.sub) page.sub.close();
  };
}
