// The replay viewer: a match's events as the seat this browser holds (or a spectator)
// may see them, one choice at a time, backward and forward. It is read from the
// events alone, so it shows exactly what that seat was told, and nothing else.

import { EVENT_FIELDS, catalogue, gql, tokenFor } from "./api.js";
import { Cards, h } from "./dom.js";
import { eventItem } from "./events.js";
import { seatName } from "./table.js";

const EVENTS = `query($id: ID!) { match(id: $id) { id game variant status seq you players
  seats { seat kind bot name } outcome { winners scores reason } events(after: -1) { ${EVENT_FIELDS} } } }`;

export async function showReplay(main, matchId, wantedSeat = null) {
  const held = tokenFor(matchId, wantedSeat);
  const { match } = await gql(EVENTS, { id: matchId }, held ? held.token : null);
  const cards = new Cards(await catalogue(match.game));
  const steps = [...new Set(match.events.map((e) => e.seq))].sort((a, b) => a - b);
  let at = steps.length - 1;

  const slider = h("input", {
    id: "replay-step",
    type: "range",
    min: 0,
    max: Math.max(0, steps.length - 1),
    value: at,
    "aria-label": "Step",
  });
  const where = h("p", { class: "status", role: "status" });
  const current = h("ol", { class: "log current" });
  const before = h("ol", { class: "log", reversed: true });
  const back = h("button", { type: "button", id: "replay-back", onclick: () => go(at - 1) }, "◀ Back");
  const forward = h("button", { type: "button", id: "replay-forward", onclick: () => go(at + 1) }, "Forward ▶");
  const start = h("button", { type: "button", onclick: () => go(0) }, "⏮ Start");
  const end = h("button", { type: "button", onclick: () => go(steps.length - 1) }, "End ⏭");

  function go(step) {
    at = Math.max(0, Math.min(steps.length - 1, step));
    slider.value = at;
    const seq = steps[at];
    back.disabled = at <= 0;
    forward.disabled = at >= steps.length - 1;
    where.textContent = steps.length
      ? `Choice ${seq} (step ${at + 1} of ${steps.length})`
      : "No events to show.";
    current.replaceChildren(...match.events.filter((e) => e.seq === seq).map((e) => eventItem(e, cards)));
    before.replaceChildren(
      ...match.events
        .filter((e) => e.seq < seq)
        .reverse()
        .map((e) => eventItem(e, cards)),
    );
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
    h("h2", {}, "This step"),
    current,
    h("h2", {}, "Before"),
    before,
  );
  viewer.addEventListener("keydown", (event) => {
    if (event.target === slider) return;
    if (event.key === "ArrowLeft") go(at - 1);
    if (event.key === "ArrowRight") go(at + 1);
  });
  main.replaceChildren(viewer);
  go(at);
}
