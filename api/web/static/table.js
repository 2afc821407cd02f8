// The match page: the game's table, the seat's open prompts, the event log, kept
// current by the matchEvents subscription. Every choice is answered with act(); a
// refusal is shown in the notice and changes nothing.

import { ApiError, EVENT_FIELDS, MATCH_FIELDS, catalogue, gql, subscribe, tokenFor } from "./api.js";
import { Cards, cardChip, h, notify, svg } from "./dom.js";
import { eventItem } from "./events.js";
import { linkChoices } from "./links.js";

const MATCH = `query($id: ID!, $after: Int!) { match(id: $id) { ${MATCH_FIELDS} events(after: $after) { ${EVENT_FIELDS} } } }`;
const ACT = `mutation($m: ID!, $c: String!, $s: Int!) { act(matchId: $m, choiceId: $c, expectedSeq: $s) {
  match { ${MATCH_FIELDS} } events { ${EVENT_FIELDS} } } }`;
const EVENTS = `subscription($m: ID!, $after: Int!) { matchEvents(matchId: $m, after: $after) { ${EVENT_FIELDS} } }`;

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
  const page = { match: null, events: new Map(), cards: new Cards([]), ui: {}, busy: false, sub: null };

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

  let render = null;
  const first = await gql(MATCH, { id: matchId, after: -1 }, token);
  page.cards = new Cards(await catalogue(first.match.game));
  render = await tableModule(first.match.game);
  addEvents(first.match.events);
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
    // Drawing again what is already shown would only lose the focus and the pointer's place.
    const same = page.match && page.drawn && match.seq === page.match.seq && match.status === page.match.status;
    if (same && !force) return;
    page.drawn = true;
    page.match = match;
    root.dataset.status = match.status;
    root.dataset.seq = match.seq;
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
      const { act } = await gql(ACT, { m: matchId, c: choiceId, s: page.match.seq }, token);
      notify("");
      addEvents(act.events);
      update(act.match);
    } catch (error) {
      const why = error instanceof ApiError ? error.message : String(error);
      if (error.code === "STALE_SEQUENCE") notify(`The match moved on before your choice arrived; choose again. (${why})`);
      else notify(`Refused: ${why}`);
      await refresh();
    } finally {
      page.busy = false;
      delete root.dataset.busy;
      root.removeAttribute("aria-busy");
      const next = document.querySelector(".prompts button.choice");
      if (next && !root.contains(document.activeElement)) next.focus();
    }
  }

  let pending = null;
  async function refresh() {
    const data = await gql(MATCH, { id: matchId, after: page.match.seq - 1 }, token);
    addEvents(data.match.events);
    if (data.match.seq > page.match.seq || data.match.status !== page.match.status) update(data.match);
  }
  function scheduleRefresh() {
    if (pending) return;
    pending = setTimeout(async () => {
      pending = null;
      if (page.busy) return scheduleRefresh();
      try {
        await refresh();
      } catch (error) {
        notify(`Could not read the match: ${error.message}`);
      }
    }, 60);
  }

  function follow() {
    if (page.match.status === "FINISHED") return;
    if (page.match.status === "WAITING") {
      // Taking a seat makes no event the socket would carry: look again until it starts.
      setTimeout(async () => {
        if (!document.body.contains(root)) return;
        await refresh().catch(() => {});
        follow();
      }, 1500);
      return;
    }
    page.sub = subscribe(EVENTS, { m: matchId, after: page.match.seq }, token, {
      onEvent(event) {
        addEvents([event]);
        if (event.seq > page.match.seq) scheduleRefresh();
      },
      onError(error) {
        notify(`Live updates stopped: ${error.message}`);
      },
      onDone() {
        if (!document.body.contains(root)) return;
        scheduleRefresh();
        // the socket closed while the match goes on (a restart, a lost network): follow again
        setTimeout(() => {
          if (document.body.contains(root) && page.match.status !== "FINISHED") follow();
        }, 1000);
      },
    });
  }

  return () => page.sub && page.sub.close();
}
