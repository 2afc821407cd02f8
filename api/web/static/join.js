// An invitation (#/join/<id>): the match's seats as a spectator sees them, and a button
// per open seat. The token joinMatch returns is kept in this browser.

import { gql, keepSeat, tokenFor } from "./api.js";
import { h, notify } from "./dom.js";

const LOOK = "query($id: ID!) { match(id: $id) { id game variant status players seats { seat kind bot name } } }";
const JOIN = `mutation($m: ID!, $seat: Int, $name: String) { joinMatch(matchId: $m, seat: $seat, name: $name) {
  seat token match { id game variant status } } }`;

export async function showJoin(main, matchId) {
  const { match } = await gql(LOOK, { id: matchId });
  const held = tokenFor(matchId);
  const name = h("input", { id: "join-name", type: "text", maxlength: 80, placeholder: "your name (optional)" });
  const open = match.seats.filter((s) => s.kind === "OPEN");
  const seats = h("ul", { class: "matches" });
  for (const s of match.seats) {
    const who = s.kind === "OPEN" ? "open" : s.name || (s.kind === "BOT" ? `bot ${s.bot}` : "a player");
    seats.append(
      h(
        "li",
        {},
        `Seat ${s.seat}: ${who} `,
        s.kind === "OPEN"
          ? h("button", { type: "button", class: "primary", dataset: { seat: s.seat }, onclick: () => join(s.seat) }, `Take seat ${s.seat}`)
          : null,
      ),
    );
  }
  async function join(seat) {
    try {
      const { joinMatch } = await gql(JOIN, { m: matchId, seat, name: name.value.trim() || null });
      keepSeat(matchId, match.game, match.variant, joinMatch.seat, joinMatch.token);
      location.hash = `#/match/${matchId}/${joinMatch.seat}`;
    } catch (error) {
      notify(`You could not take seat ${seat}: ${error.message}`);
    }
  }
  main.replaceChildren(
    h(
      "section",
      { class: "panel join", dataset: { game: match.game } },
      h("h1", {}, `Join ${match.game} (${match.variant})`),
      h("p", {}, `${match.players} seats, ${match.status.toLowerCase()}. `, open.length ? "" : "No seat is open any more."),
      held ? h("p", {}, "You hold seat ", String(held.seat), " here: ", h("a", { href: `#/match/${matchId}` }, "go to the table")) : null,
      h("div", { class: "field" }, h("label", { for: "join-name" }, "Name"), name),
      seats,
      h("p", {}, h("a", { href: `#/match/${matchId}` }, "Watch instead")),
    ),
  );
}
