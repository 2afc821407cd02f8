// One line of the event log: the event's own words, then the cards it concerns as
// chips that show their text on hover, focus or tap.

import { cardChip, h } from "./dom.js";

export function eventItem(event, cards) {
  const chips = (event.cards || []).map((ref) => cardChip(cards, { ref }, { tabindex: 0 }));
  return h(
    "li",
    { class: `event ${event.private ? "private" : ""}`.trim(), dataset: { seq: event.seq, index: event.index, kind: event.kind } },
    h("span", { class: "seq", "aria-label": `choice ${event.seq}` }, `${event.seq}`),
    " ",
    h("span", { class: "text" }, event.text || event.kind),
    event.private ? h("span", { class: "private-tag", title: "only you see this" }, " (only you)") : null,
    chips.length ? h("span", { class: "refs" }, " ", chips) : null,
  );
}
