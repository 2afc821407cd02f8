// Munchkin's table: whose turn and which phase, the decks and discards, the combat panel
// (each side's strength and where it comes from, the helper, the bribe, the run-away
// roll), and every player: Level, strength, Citizenship, Ride, Items by slot (equipped
// or carried), Curses, and the caller's hand.

// The slots of the catalogue's Items (`numbers.slot`), in the order a person reads a
// character: "hand" Items take one hand and "hands" Items both; "none" take no slot.
const SLOTS = [
  ["head", "Headgear"],
  ["armor", "Armor"],
  ["foot", "Footgear"],
  ["hand", "One hand"],
  ["hands", "Two hands"],
  ["none", "No slot"],
];

function chip(ctx, c, extra, attrs) {
  if (!c) return null;
  return ctx.card({ id: c.id, ref: c.card, name: c.name, kind: c.kind, extra }, attrs);
}

function bonus(ctx, c) {
  const d = ctx.cards.find(c.card, c.name);
  return d && d.numbers ? d.numbers.bonus || 0 : 0;
}

function slotOf(ctx, item) {
  const d = ctx.cards.find(item.card, item.name);
  return (d && d.numbers && d.numbers.slot) || "other";
}

function items(ctx, p) {
  const { h } = ctx;
  const bySlot = new Map();
  for (const item of p.items) {
    const slot = slotOf(ctx, item);
    if (!bySlot.has(slot)) bySlot.set(slot, []);
    bySlot.get(slot).push(item);
  }
  // the four body slots always, others only when something is in them
  const names = [
    ...SLOTS.filter(([slot], k) => k < 4 || bySlot.has(slot)),
    ...[...bySlot.keys()].filter((s) => !SLOTS.some(([k]) => k === s)).map((s) => [s, "Other"]),
  ];
  return h(
    "div",
    { class: "slots" },
    names.map(([slot, title]) =>
      h(
        "div",
        { class: "slot", dataset: { slot } },
        h("span", { class: "name" }, title),
        (bySlot.get(slot) || []).map((item) =>
          chip(ctx, item, [item.equipped ? `equipped +${bonus(ctx, item)}` : "carried", item.cheat ? "Cheat!" : ""].filter(Boolean).join(", ")),
        ),
      ),
    ),
  );
}

function player(ctx, view, p) {
  const { h } = ctx;
  const mine = p.seat === ctx.you;
  const equipped = p.items.filter((i) => i.equipped).reduce((sum, i) => sum + bonus(ctx, i), 0);
  const ride = p.ride ? bonus(ctx, p.ride) : 0;
  return h(
    "section",
    { class: `player ${mine ? "mine" : ""}`.trim(), "data-mine": mine ? "" : null, dataset: { seat: p.seat } },
    h(
      "header",
      {},
      h("h3", {}, ctx.seatName(p.seat), view.turn === p.seat ? h("span", { class: "badge" }, "turn") : null),
      h("strong", { class: "level" }, `Level ${p.level}`),
      h("span", { class: "strength", title: "combat strength: Level, equipped Items, Ride and other bonuses" }, `strength ${p.strength}`),
      h("small", {}, `(Level ${p.level} + Items ${equipped}${ride ? ` + Ride ${ride}` : ""}${p.strength - p.level - equipped - ride ? ` + other ${p.strength - p.level - equipped - ride}` : ""})`),
      p.dead ? h("span", { class: "badge dead" }, "dead") : null,
    ),
    h(
      "div",
      { class: "zone" },
      h("h3", {}, "Citizenship"),
      p.citizenships.length ? p.citizenships.map((c) => chip(ctx, c)) : "none",
      p.dual ? chip(ctx, p.dual, "dual") : null,
    ),
    p.ride ? h("div", { class: "zone" }, h("h3", {}, "Ride"), chip(ctx, p.ride), p.ride_enhancers.map((c) => chip(ctx, c))) : null,
    h("div", { class: "zone" }, h("h3", {}, "Items"), items(ctx, p)),
    p.curses.length ? h("div", { class: "zone" }, h("h3", {}, "Curses"), p.curses.map((c) => chip(ctx, c))) : null,
    h(
      "div",
      { class: "zone hand-zone" },
      h("h3", {}, mine ? "Your hand" : "Hand"),
      p.hand.cards ? h("div", { class: "hand" }, p.hand.cards.map((c) => chip(ctx, c))) : `${p.hand.count} card${p.hand.count === 1 ? "" : "s"}`,
      !mine && p.known.length ? h("span", {}, " · seen: ", p.known.map((c) => chip(ctx, c))) : null,
    ),
  );
}

function combat(ctx, view, fight) {
  const { h } = ctx;
  const hero = view.players.find((p) => p.seat === fight.hero);
  const helper = fight.helper === null ? null : view.players.find((p) => p.seat === fight.helper);
  const foesBase = fight.foes.reduce((sum, f) => sum + f.level, 0);
  return h(
    "section",
    { class: "combat", "aria-label": "Combat" },
    h("h2", {}, "Combat"),
    h(
      "div",
      { class: "sides" },
      h(
        "div",
        { class: "heroes" },
        h("h3", {}, "Fighters"),
        h("div", { class: "strength" }, `${fight.heroes_strength}`),
        h("div", {}, `${ctx.seatName(fight.hero)}: strength ${hero ? hero.strength : "?"}`),
        helper ? h("div", {}, `helper ${ctx.seatName(fight.helper)}: strength ${helper.strength}`) : h("div", {}, "no helper"),
        fight.heroes_strength - (hero ? hero.strength : 0) - (helper ? helper.strength : 0)
          ? h("div", {}, `cards and bonuses: ${fight.heroes_strength - (hero ? hero.strength : 0) - (helper ? helper.strength : 0)}`)
          : null,
        fight.bribe_items.length || fight.bribe_share
          ? h("div", {}, "bribe: ", fight.bribe_items.map((c) => chip(ctx, c)), fight.bribe_share ? ` ${fight.bribe_share} Treasure(s)` : "")
          : null,
      ),
      h(
        "div",
        { class: "monsters" },
        h("h3", {}, "Monsters"),
        h("div", { class: "strength" }, `${fight.monsters_strength}`),
        fight.foes.map((f) =>
          h(
            "div",
            { class: "foe", dataset: { keys: f.id } },
            chip(ctx, f, `Level ${f.level}, strength ${f.strength}, ${f.treasures} Treasure${f.treasures === 1 ? "" : "s"}`),
            f.tags.length ? h("small", {}, ` ${f.tags.join(", ")}`) : null,
            f.enhancers.length ? h("div", { class: "stacked" }, "enhanced by ", f.enhancers.map((c) => chip(ctx, c))) : null,
          ),
        ),
        fight.monsters_strength - foesBase ? h("div", {}, `cards and bonuses: ${fight.monsters_strength - foesBase}`) : null,
      ),
    ),
    fight.played.length ? h("div", { class: "zone" }, h("h3", {}, "Played into the fight"), fight.played.map((c) => chip(ctx, c))) : null,
    fight.defeated.length ? h("div", { class: "zone" }, h("h3", {}, "Defeated"), fight.defeated.map((c) => chip(ctx, c))) : null,
    fight.waiting.length ? h("p", {}, `waiting for ${fight.waiting.map((s) => ctx.seatName(s)).join(", ")}`) : null,
  );
}

function pile(ctx, title, cards) {
  if (!cards || !cards.length) return null;
  return ctx.h("div", { class: "zone" }, ctx.h("h3", {}, title), cards.map((c) => chip(ctx, c)));
}

export default function render(view, ctx) {
  const { h } = ctx;
  return h(
    "div",
    { class: "munchkin-table" },
    h(
      "div",
      { class: "game-info" },
      h("span", {}, h("strong", {}, `turn ${view.turns}: ${ctx.seatName(view.turn)}`)),
      h("span", {}, `phase: ${view.phase}`),
      h("span", {}, `win at Level ${view.win_level}`),
      h("span", {}, `Doors ${view.door_deck} · Treasures ${view.treasure_deck}`),
      h("span", {}, "Door discard: ", view.door_discard.top ? chip(ctx, view.door_discard.top) : "empty", ` (${view.door_discard.count})`),
      h("span", {}, "Treasure discard: ", view.treasure_discard.top ? chip(ctx, view.treasure_discard.top) : "empty", ` (${view.treasure_discard.count})`),
      view.last_roll !== null ? h("span", { class: "dice" }, `last roll (Run Away and others): ${view.last_roll}`) : null,
      view.waiting_for ? h("span", {}, `waiting for ${ctx.seatName(view.waiting_for.seat)} (${view.waiting_for.kind})`) : null,
    ),
    view.combat ? combat(ctx, view, view.combat) : null,
    view.runners.length
      ? h(
          "div",
          { class: "zone" },
          h("h3", {}, "Running Away"),
          view.runners.map((r) => h("div", {}, `${ctx.seatName(r.seat)} from `, r.left.map((c) => chip(ctx, c)))),
        )
      : null,
    pile(ctx, "Revealed", view.revealed),
    pile(ctx, "Loot", view.pool),
    pile(ctx, "The Body", view.body),
    pile(ctx, "For sale", view.sale),
    pile(ctx, "Just discarded", view.discarded),
    view.over ? h("p", { class: "outcome" }, `Game over: ${view.winners.map((s) => ctx.seatName(s)).join(", ")} (${view.reason})`) : null,
    h("div", { class: "players" }, view.players.map((p) => player(ctx, view, p))),
  );
}
