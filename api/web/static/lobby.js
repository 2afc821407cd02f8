// The lobby: the matches this browser holds seats in, the listed matches with open
// seats, and the form that creates a match (its options drawn from the game's JSON Schema).

import { forgetMatch, gql, keepSeat, seatsHeld } from "./api.js";
import { h, notify } from "./dom.js";
import { optionsForm } from "./options.js";

const GAMES = `{ games { name title description minPlayers maxPlayers
  variants { name title description minPlayers maxPlayers options } optionsSchema bots }
  bots { name description budget { min max default } } }`;
const LOBBY = "{ lobby { id game variant players openSeats ageSeconds seats { seat kind bot name } } }";
const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) {
  tokens { seat token } match { id game variant status } } }`;

export async function showLobby(main) {
  const [{ games, bots }, { lobby }] = await Promise.all([gql(GAMES), gql(LOBBY)]);
  main.replaceChildren(
    h("h1", {}, "Lobby"),
    h("div", { class: "lobby" }, yourMatches(), openMatches(lobby), newMatch(games, bots)),
  );
}

function yourMatches() {
  const held = Object.entries(seatsHeld()).sort((a, b) => b[1].at - a[1].at);
  const section = h("section", { class: "panel", "aria-labelledby": "yours" }, h("h2", { id: "yours" }, "Your matches"));
  if (!held.length) {
    section.append(h("p", {}, "None yet: seats you create or join are kept in this browser."));
    return section;
  }
  const list = h("ul", { class: "matches" });
  for (const [id, entry] of held) {
    const seats = Object.keys(entry.tokens).join(", ");
    list.append(
      h(
        "li",
        {},
        h("a", { href: `#/match/${id}`, class: "button" }, `Resume ${entry.game} (${entry.variant})`),
        ` seat ${seats} · `,
        h("a", { href: `#/replay/${id}` }, "replay"),
        " ",
        h(
          "button",
          {
            type: "button",
            class: "quiet",
            "aria-label": `Forget match ${id}`,
            onclick: (event) => {
              forgetMatch(id);
              event.target.closest("li").remove();
            },
          },
          "Forget",
        ),
      ),
    );
  }
  section.append(list);
  return section;
}

function openMatches(lobby) {
  const section = h("section", { class: "panel", "aria-labelledby": "open" }, h("h2", { id: "open" }, "Open matches"));
  if (!lobby.length) {
    section.append(h("p", {}, "No listed match is waiting for players."));
    return section;
  }
  const list = h("ul", { class: "matches" });
  for (const m of lobby) {
    const taken = m.seats.map((s) => (s.kind === "OPEN" ? "open" : s.name || (s.bot ? `bot ${s.bot}` : "player"))).join(", ");
    list.append(
      h(
        "li",
        {},
        h("a", { href: `#/join/${m.id}`, class: "button" }, `Join ${m.game} (${m.variant})`),
        ` ${m.players} seats: ${taken} · ${Math.round(m.ageSeconds)} s ago`,
      ),
    );
  }
  section.append(list);
  return section;
}

function newMatch(games, bots) {
  const form = h("form", { class: "panel new-match", "aria-labelledby": "new", novalidate: true });
  const gameSelect = h("select", { id: "game", name: "game" });
  for (const g of games) gameSelect.append(h("option", { value: g.name }, g.title));
  const variantSelect = h("select", { id: "variant", name: "variant" });
  const playersInput = h("input", { id: "players", name: "players", type: "number", inputmode: "numeric" });
  const seatsBox = h("fieldset", { class: "seats" }, h("legend", {}, "Seats"));
  const optionsBox = h("div", { class: "options" });
  const listed = h("input", { id: "listed", type: "checkbox", name: "listed" });
  const about = h("p", { class: "about" });
  let options = null;

  const game = () => games.find((g) => g.name === gameSelect.value);
  const variant = () => game().variants.find((v) => v.name === variantSelect.value);

  function drawVariants() {
    variantSelect.replaceChildren(...game().variants.map((v) => h("option", { value: v.name }, `${v.title} (${v.name})`)));
    drawVariant();
  }
  function drawVariant() {
    const v = variant();
    about.textContent = v.description || game().description || "";
    playersInput.min = v.minPlayers;
    playersInput.max = v.maxPlayers;
    playersInput.value = v.minPlayers;
    options = optionsForm(game().optionsSchema, v.options);
    optionsBox.replaceChildren(options.element);
    drawSeats();
  }
  function drawSeats() {
    const count = Math.max(Number(playersInput.min), Math.min(Number(playersInput.max), Number(playersInput.value) || 0));
    const old = [...seatsBox.querySelectorAll(".seat")].map((row) => ({
      kind: row.querySelector("select").value,
      name: row.querySelector("input.seat-name").value,
      budget: row.querySelector("input.budget").value,
    }));
    seatsBox.replaceChildren(h("legend", {}, "Seats"));
    for (let seat = 0; seat < count; seat++) {
      const kind = h("select", { id: `seat-${seat}`, name: `seat-${seat}`, "aria-label": `Seat ${seat}` });
      kind.append(h("option", { value: "PERSON" }, "You"));
      // only the bots that can play this game (the server refuses the others)
      const fitting = bots.filter((b) => game().bots.includes(b.name));
      for (const b of fitting) kind.append(h("option", { value: `BOT:${b.name}`, title: b.description }, `Bot: ${b.name}`));
      kind.append(h("option", { value: "OPEN" }, "Open seat (invite)"));
      const fallback = fitting.some((b) => b.name === "random") ? "random" : fitting[0] ? fitting[0].name : "random";
      const kept = old[seat] && [...kind.options].some((o) => o.value === old[seat].kind);
      kind.value = kept ? old[seat].kind : seat === 0 ? "PERSON" : `BOT:${fallback}`;
      const name = h("input", {
        id: `seat-${seat}-name`,
        class: "seat-name",
        type: "text",
        maxlength: 80,
        placeholder: "name (optional)",
        "aria-label": `Seat ${seat} name`,
        value: old[seat] ? old[seat].name : "",
      });
      // a bot that searches takes a thinking time per move, within the bounds the API gives
      const budget = h("input", {
        id: `seat-${seat}-budget`,
        class: "budget",
        type: "number",
        inputmode: "decimal",
        step: "any",
        "aria-label": `Seat ${seat} seconds per move`,
        value: old[seat] ? old[seat].budget : "",
      });
      const budgetBox = h("label", { class: "budget-box" }, budget, " s per move");
      const showBudget = () => {
        const bounds = budgetOf(kind.value);
        budgetBox.hidden = !bounds;
        budget.disabled = !bounds;
        if (!bounds) return;
        budget.min = bounds.min;
        budget.max = bounds.max;
        budget.placeholder = `${bounds.default} (${bounds.min} to ${bounds.max})`;
        budget.title = `seconds the bot may think per move: ${bounds.min} to ${bounds.max}, ${bounds.default} if left empty`;
      };
      kind.addEventListener("change", showBudget);
      showBudget();
      seatsBox.append(
        h("div", { class: "seat" }, h("label", { for: `seat-${seat}` }, `Seat ${seat}`), kind, name, budgetBox),
      );
    }
  }
  // the budget bounds of the bot a seat's choice names (null: a person, an open seat, a bot that takes none)
  function budgetOf(value) {
    if (!value.startsWith("BOT:")) return null;
    const bot = bots.find((b) => b.name === value.slice(4));
    return bot ? bot.budget : null;
  }

  gameSelect.addEventListener("change", drawVariants);
  variantSelect.addEventListener("change", drawVariant);
  playersInput.addEventListener("change", drawSeats);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    notify("");
    const chosen = options.read();
    if (chosen.errors.length) {
      notify(`Options: ${chosen.errors.join("; ")}`);
      return;
    }
    const problems = [];
    const seats = [...seatsBox.querySelectorAll(".seat")].map((row, seat) => {
      const value = row.querySelector("select").value;
      const name = row.querySelector("input.seat-name").value.trim() || null;
      if (!value.startsWith("BOT:")) return { kind: value, name };
      const spec = { kind: "BOT", bot: value.slice(4), name };
      const bounds = budgetOf(value);
      const text = row.querySelector("input.budget").value.trim();
      if (bounds && text !== "") {
        const seconds = Number(text);
        if (!Number.isFinite(seconds) || seconds < bounds.min || seconds > bounds.max) {
          problems.push(`seat ${seat}: ${text} seconds per move is out of bounds; give ${bounds.min} to ${bounds.max}`);
        } else {
          spec.budget = seconds;
        }
      }
      return spec;
    });
    if (problems.length) {
      notify(`Seats: ${problems.join("; ")}`);
      return;
    }
    const input = {
      game: gameSelect.value,
      variant: variantSelect.value,
      seats,
      options: chosen.values,
      listed: listed.checked,
    };
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const { createMatch } = await gql(CREATE, { input });
      for (const t of createMatch.tokens) keepSeat(createMatch.match.id, input.game, input.variant, t.seat, t.token);
      location.hash = `#/match/${createMatch.match.id}`;
    } catch (error) {
      notify(`The match was not created: ${error.message}`);
    } finally {
      button.disabled = false;
    }
  });

  form.append(
    h("h2", { id: "new" }, "New match"),
    h("div", { class: "field" }, h("label", { for: "game" }, "Game"), gameSelect),
    h("div", { class: "field" }, h("label", { for: "variant" }, "Variant"), variantSelect),
    about,
    h("div", { class: "field" }, h("label", { for: "players" }, "Players"), playersInput),
    seatsBox,
    h("details", { class: "options-box" }, h("summary", {}, "Options"), optionsBox),
    h("div", { class: "field check" }, listed, h("label", { for: "listed" }, "List it in the lobby while seats are open")),
    h("button", { type: "submit", class: "primary", id: "create" }, "Create match"),
  );
  drawVariants();
  return form;
}
