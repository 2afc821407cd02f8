// The browser client's entry: a router over the address's fragment.
//   #/                     the lobby
//   #/match/<id>[/<seat>]  a match's table, as the seat this browser holds (or a spectator)
//   #/join/<id>            an invitation: take an open seat
//   #/replay/<id>[/<seat>] step through a match's events

import { catalogue } from "./api.js";
import { Cards, notify, watchCardDetail } from "./dom.js";
import { showJoin } from "./join.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showMatch } from "./table.js";

let leave = null;
let shownCards = null;

async function route() {
  const main = document.getElementById("main");
  if (leave) {
    leave();
    leave = null;
  }
  document.querySelectorAll(".choice-menu").forEach((m) => m.remove());
  document.getElementById("card-detail").hidden = true;
  notify("");
  const [, page, id, seat] = (location.hash || "#/").split("/");
  try {
    if (page === "match" && id) {
      leave = await showMatch(main, id, seat === undefined ? null : Number(seat));
    } else if (page === "join" && id) {
      await showJoin(main, id);
    } else if (page === "replay" && id) {
      await showReplay(main, id, seat === undefined ? null : Number(seat));
    } else {
      await showLobby(main);
    }
    const game = main.querySelector("[data-game]");
    shownCards = game ? new Cards(await catalogue(game.dataset.game)) : null;
  } catch (error) {
    console.error(error);
    notify(error.message || String(error));
  }
}

// The skip link moves the focus without touching the address (the router owns the fragment).
document.querySelector(".skip").addEventListener("click", (event) => {
  event.preventDefault();
  document.getElementById("main").focus();
});
watchCardDetail(() => shownCards);
window.addEventListener("hashchange", route);
route();
