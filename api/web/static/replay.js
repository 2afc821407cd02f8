// The replay viewer: a match as the seat this browser holds (or a spectator) saw it,
// one choice at a time, backward and forward: the table as it stood after that
// choice (viewAt, rebuilt by the server with only what that seat could know then),
// the events of the step and those before it.

import { EVENTS_PAGE, EVENT_FIELDS, catalogue, gql, restOfEvents, tokenFor } from "./api.js";
import { Cards, cardChip, h, svg } from "./dom.js";
import { eventItem } from "./events.js";
import { seatName, tableModule } from "./table.js";

const EVENTS = `query($id: ID!, $limit: Int!) { match(id: $id) { id game variant status seq you players options
  seats { seat kind bot name } outcome { winners scores reason } events(after: -1, limit: $limit) { ${EVENT_FIELDS} } } }`;
const VIEW_AT = "query($id: ID!, $seq: Int!) { match(id: $id) { viewAt(seq: $seq) } }";

export async function showReplay(main, matchId, wantedSeat = null) {
  const held = tokenFor(matchId, wantedSeat);
  const token = held ? held.token : null;
  const { match } = await gql(EVENTS, { id: matchId, limit: EVENTS_PAGE }, token);
  // the events come a page at a time: read on up to the step the match was read at
  match.events = await restOfEvents(matchId, token, match.events, match.seq);
  const cards = new Cards(await catalogue(match.game));
  const render = await tableModule(match.game);
  // every choice is a step; step 0 is the set-up
  const last = match.seq;
  const views = new Map(); // seq -> the view at that step, as read
  const ui = {};
  let at = last;
  let shown = null; // the step whose table is drawn

  const slider = h("input", {
    id: "replay-step",
    type: "range",
    min: 0,
    max: last,
    value: at,
    "aria-label": "Step",
  });
  const where = h("p", { class: "status", role: "status" });
  const table = h("div", { class: "table replay-table", id: "table", "aria-live": "polite" });
  const current = h("ol", { class: "log current" });
  const before = h("ol", { class: "log", reversed: true });
  const back = h("button", { type: "button", id: "replay-back", onclick: () => go(at - 1) }, "◀ Back");
  const forward = h("button", { type: "button", id: "replay-forward", onclick: () => go(at + 1) }, "Forward ▶");
  const start = h("button", { type: "button", onclick: () => go(0) }, "⏮ Start");
  const end = h("button", { type: "button", onclick: () => go(last) }, "End ⏭");

  async function viewAt(seq) {
    if (!views.has(seq)) {
      views.set(
        seq,
        gql(VIEW_AT, { id: matchId, seq }, token).then(
          (data) => data.match.viewAt,
          (error) => {
            views.delete(seq);
            throw error;
          },
        ),
      );
    }
    return views.get(seq);
  }

  function context(seq) {
    return {
      h,
      svg,
      match: { ...match, seq, prompts: [] },
      game: match.game,
      variant: match.variant,
      options: match.options,
      you: match.you,
      seats: match.seats,
      cards,
      events: match.events.filter((e) => e.seq <= seq),
      ui,
      seatName: (seat) => seatName(match, seat),
      card: (info, attrs) => cardChip(cards, info, attrs),
      redraw: () => drawTable(seq, true),
    };
  }

  async function drawTable(seq, force = false) {
    if (shown === seq && !force) return;
    table.dataset.loading = "1";
    let view;
    try {
      view = await viewAt(seq);
    } catch (error) {
      if (seq === at) {
        table.replaceChildren(h("p", { class: "idle" }, `The table of choice ${seq} could not be read: ${error.message}`));
        delete table.dataset.loading;
      }
      return;
    }
    if (seq !== at) return; // stepped on meanwhile: that step draws its own table
    let drawn;
    try {
      drawn = render(view, context(seq));
    } catch (error) {
      console.error(error);
      drawn = h("pre", { class: "json" }, JSON.stringify(view, null, 2));
    }
    shown = seq;
    table.dataset.seq = seq;
    table.replaceChildren(drawn);
    delete table.dataset.loading;
  }

  function go(step) {
    at = Math.max(0, Math.min(last, step));
    slider.value = at;
    back.disabled = at <= 0;
    forward.disabled = at >= last;
    where.textContent = at === 0 ? `The set-up (step 1 of ${last + 1})` : `Choice ${at} (step ${at + 1} of ${last + 1})`;
    current.replaceChildren(...match.events.filter((e) => e.seq === at).map((e) => eventItem(e, cards)));
    before.replaceChildren(
      ...match.events
        .filter((e) => e.seq < at)
        .reverse()
        .map((e) => eventItem(e, cards)),
    );
    drawTable(at);
  }
  slider.addEventListener("input", () => go(Number(slider.value)));
  const viewer = h(
    "section",
    { class: "replay", dataset: { game: match.game }, tabindex: -1 },
    h("h1", {}, `Replay: ${match.game} · ${match.variant}`),
    h(
      "p",
      {},
      match.you === null ? "As a spectator sees it. " : `As ${seatName(match, match.you)} saw it. `,
      h("a", { href: `#/match/${matchId}${held ? `/${held.seat}` : ""}` }, "Back to the table"),
    ),
    h("div", { class: "replay-controls" }, start, back, slider, forward, end),
    where,
    h(
      "div",
      { class: "match-body" },
      table,
      h("div", { class: "side" }, h("h2", {}, "This step"), current, h("h2", {}, "Before"), before),
    ),
  );
  viewer.addEventListener("keydown", (event) => {
    if (event.target === slider) return;
    if (event.key === "ArrowLeft") go(at - 1);
    if (event.key === "ArrowRight") go(at + 1);
  });
  main.replaceChildren(viewer);
  go(at);
}
