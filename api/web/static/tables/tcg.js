// The Trading Card Game's table (and Christmas Town's): the Day, the Pumpkin King and
// the phase; then each player's row of Locales in order (a gap where one town ends and
// the next begins), each with its Characters, their Stacked cards, the Scare total
// against the Locale's threshold (for a Christmas Town Locale, its Joy against the Joy
// it needs) and whether it is Active; Creations, placed cards, Pumpkin Points, the
// score, and the caller's hand. Christmas Characters (`holiday`) are marked as such.

function chip(ctx, c, extra) {
  if (!c) return null;
  const name = c.alias ? `${c.name} (${c.alias})` : c.name;
  return ctx.card({ id: c.id, ref: c.card, name, kind: c.kind, extra });
}

// A card's printed number: what it costs to play, or a Locale's threshold.
function handNumber(c) {
  if (c.number === undefined || c.number === null) return "";
  return c.kind === "locale" || c.kind === "starting-locale" ? `threshold ${c.number}` : `cost ${c.number}`;
}

function inPlay(ctx, c) {
  const extras = [`Scare ${c.scare}`];
  if (c.holiday === "christmas") extras.push("Christmas");
  if (c.hex) extras.push("hexed");
  const definition = ctx.cards.find(c.card);
  if (definition && /travel/i.test(definition.text)) extras.push("travels");
  return ctx.h(
    "div",
    { class: `in-play ${c.holiday === "christmas" ? "christmas" : ""}`.trim() },
    chip(ctx, c, extras.join(", ")),
    c.stacked.length
      ? ctx.h("div", { class: "stacked" }, "Stacked: ", c.stacked.map((s) => chip(ctx, s)))
      : null,
  );
}

function locale(ctx, slot, index) {
  const { h } = ctx;
  const name = chip(ctx, slot.locale);
  delete name.dataset.keys; // the whole Locale is what a choice links to
  const scare = slot.characters.reduce((sum, c) => sum + c.scare, 0);
  const christmas = slot.town === "christmas-town";
  // the Joy a Christmas Town Locale needs may be less than its printed threshold
  const needed = slot.joy_needed ?? slot.threshold;
  const lowered = needed !== slot.threshold ? ` (threshold ${slot.threshold})` : "";
  const measure = christmas
    ? slot.joy === undefined || slot.joy === null
      ? `Joy threshold ${slot.threshold}`
      : `Joy ${slot.joy} / ${needed}${lowered}`
    : `Scare ${scare} / ${slot.threshold}`;
  return h(
    "div",
    {
      class: `locale ${slot.active ? "active" : ""} ${slot.town}`.trim(),
      "aria-label": `Locale ${index + 1}: ${slot.locale.name}${slot.active ? ", Active" : ""}`,
      dataset: { keys: [slot.locale.id, slot.locale.card].filter(Boolean).join(" ") },
    },
    name,
    h(
      "div",
      { class: `scare ${slot.active ? "reached" : ""}`.trim() },
      slot.active ? "Active · " : "not Active · ",
      measure,
    ),
    slot.flipped ? h("div", {}, "flipped") : null,
    slot.beneath ? h("div", {}, `${slot.beneath} tucked beneath`) : null,
    slot.characters.map((c) => inPlay(ctx, c)),
  );
}

function townName(town) {
  return town === "christmas-town" ? "Christmas Town" : town === "halloweentown" ? "Halloween Town" : town;
}

function player(ctx, view, p) {
  const { h } = ctx;
  const mine = p.seat === ctx.you;
  const row = h("div", { class: "row", role: "list", "aria-label": `${ctx.seatName(p.seat)}: row of Locales` });
  p.row.forEach((slot, k) => {
    if (slot.gap_before) row.append(h("div", { class: "town-gap", "aria-label": "gap between the towns", title: `${townName(slot.town)} begins` }));
    const el = locale(ctx, slot, k);
    el.setAttribute("role", "listitem");
    row.append(el);
  });
  const towns = [...new Set(p.row.map((s) => s.town))];
  return h(
    "section",
    { class: `player ${mine ? "mine" : ""}`.trim(), "data-mine": mine ? "" : null, dataset: { seat: p.seat } },
    h(
      "header",
      {},
      h("h3", {}, ctx.seatName(p.seat), view.pumpkin_king === p.seat ? h("span", { class: "badge king" }, "Pumpkin King") : ""),
      h("span", {}, `deck ${p.deck_name}`),
      h("span", { class: "pp" }, `Pumpkin Points ${p.pumpkin_points}`),
      h("strong", { class: "score" }, `score ${p.score}`),
      h("span", {}, `hand ${p.hand_size} · deck ${p.deck_size} · discard ${p.discard_size}`),
      p.locale_deck_size ? h("span", {}, `Locale deck ${p.locale_deck_size}`) : null,
    ),
    towns.length > 1 ? h("p", { class: "towns" }, towns.map(townName).join(" | ")) : null,
    row,
    p.creations.length ? h("div", { class: "zone" }, h("h3", {}, "Creations"), p.creations.map((c) => inPlay(ctx, c))) : null,
    p.placed.length ? h("div", { class: "zone" }, h("h3", {}, "Placed"), p.placed.map((c) => chip(ctx, c))) : null,
    p.discard_top ? h("div", { class: "zone" }, h("h3", {}, "Discard top"), chip(ctx, p.discard_top)) : null,
    p.surprise_discard.length
      ? h("div", { class: "zone" }, h("h3", {}, "Surprises played"), p.surprise_discard.map((c) => chip(ctx, c)))
      : null,
    p.hand
      ? h("div", { class: "zone hand-zone" }, h("h3", {}, "Your hand"), h("div", { class: "hand" }, p.hand.map((c) => chip(ctx, c, handNumber(c)))))
      : null,
    p.discard && p.discard.length
      ? h("details", { class: "zone" }, h("summary", {}, `Your discard pile (${p.discard.length})`), p.discard.map((c) => chip(ctx, c)))
      : null,
  );
}

export default function render(view, ctx) {
  const { h } = ctx;
  const players = [...view.players];
  return h(
    "div",
    { class: "tcg-table" },
    h(
      "div",
      { class: "game-info" },
      h("span", {}, h("strong", {}, `Day ${view.day}`)),
      h("span", {}, `${view.days_left} Day counter${view.days_left === 1 ? "" : "s"} left`),
      h("span", {}, `Pumpkin King: ${ctx.seatName(view.pumpkin_king)}`),
      view.king_activity ? h("span", {}, `King's activity: ${view.king_activity}`) : null,
      h("span", {}, `phase: ${view.phase}`),
      view.turn >= 0 ? h("span", {}, `turn: ${ctx.seatName(view.turn)}`) : null,
    ),
    view.center.length ? h("div", { class: "zone" }, h("h3", {}, "Center"), view.center.map((c) => chip(ctx, c))) : null,
    view.shown.length ? h("div", { class: "zone" }, h("h3", {}, "Revealed"), view.shown.map((c) => chip(ctx, c))) : null,
    h("div", { class: "players" }, players.map((p) => player(ctx, view, p))),
  );
}
