// The browser client's entry: a router over the address's fragment.
//   #/                     the lobby
//   #/match/<id>[/<seat>]  a match's table, as the seat this browser holds (or a spectator)
//   #/join/<id>            an invitation: take an open seat
//   #/replay/<id>[/<seat>] step through a match's events

import { catalogue, passing, pause } from "./api.js";
import { Cards, notify, watchCardDetail } from "./dom.js";
import { showJoin } from "./join.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showMatch } from "./table.js";

let leave = null;
let shownCards = null;
let tries = 0; // of the page now asked for, while the server is away
let routes = 0; // the number of the latest route() call

async function route(event) {
  if (event) tries = 0; // a new address: start counting again
  const mine = ++routes;
  const current = () => mine === routes;
  const box = document.getElementById("main");
  // A page slow to load (the server away, say) must not draw over the one asked for
  // after it: each route draws only while it is the latest.
  const main = {
    replaceChildren: (...nodes) => current() && box.replaceChildren(...nodes),
    querySelector: (selector) => box.querySelector(selector),
  };
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
      const left = await showMatch(main, id, seat === undefined ? null : Number(seat));
      if (current()) leave = left;
      else left(); // left before it was shown: follow nothing
    } else if (page === "join" && id) {
      await showJoin(main, id);
    } else if (page === "replay" && id) {
      await showReplay(main, id, seat === undefined ? null : Number(seat));
    } else {
      await showLobby(main);
    }
    const game = main.querySelector("[data-game]");
    shownCards = game ? new Cards(await catalogue(game.dataset.game)) : null;
    tries = 0;
  } catch (error) {
    if (!current()) return;
    if (passing(error)) {
      // the server or its database is away for a moment: say so gently, and try again
      const hash = location.hash;
      const what = error.code === "UNAVAILABLE" ? "The server cannot reach its match store just now" : "The server could not be reached";
      notify(`${what}; trying again in a moment…`, "info");
      setTimeout(() => location.hash === hash && route(), pause(error, tries++));
      return;
    }
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
