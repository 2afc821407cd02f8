"""The TCG's expansion hooks: found through the host, called only where enabled."""

from __future__ import annotations

from tcgkit import labels, table

from nbc.core.game import Variant
from nbc.core.hookspecs import hookimpl
from nbc.core.host import PluginHost
from nbc.plugins.tcg.hooks import Expansion


class Moonlight:
    """A toy expansion: under its light every Locale is Active."""

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl
    def tcg_expansion(self):
        variant = Variant("moonlight", "Every Locale glows", options={"expansions": ["moonlight"]})
        return Expansion("moonlight", variant)

    @hookimpl
    def tcg_locale_active(self, g, st, seat, k):
        self.calls += 1
        return True


def _host(toy, disabled=()):
    return PluginHost.load(extra=[toy], disabled=list(disabled))


def test_an_expansion_brings_its_variant_and_its_rules_apply_only_there():
    toy = Moonlight()
    tcg = _host(toy).game("tcg")
    assert "moonlight" in tcg.variants

    def quiet(st):
        st.expansions = []

    base = table(tcg, rows={0: [("jacks-house", []), ("town-hall", [])]}, edit=quiet)
    assert "Town Hall: Draw 1 card and add 3 Pumpkin Points" not in labels(base, 0)
    assert toy.calls == 0  # a base match never asks the expansion

    def lit(st):
        st.expansions = ["moonlight"]

    glowing = table(tcg, rows={0: [("jacks-house", []), ("town-hall", [])]}, edit=lit)
    assert "Town Hall: Draw 1 card and add 3 Pumpkin Points" in labels(glowing, 0)
    assert toy.calls > 0


def test_a_disabled_expansion_is_absent_and_the_base_game_works():
    toy = Moonlight()
    host = _host(toy, disabled=["Moonlight"])
    tcg = host.game("tcg")
    assert "moonlight" not in tcg.variants
    assert "Moonlight" in host.blocked
    s = table(tcg, rows={0: [("jacks-house", []), ("town-hall", [])]})
    assert "Town Hall: Draw 1 card and add 3 Pumpkin Points" not in labels(s, 0)
    assert toy.calls == 0


def test_an_unknown_expansion_option_is_refused():
    import pytest

    from nbc.core.errors import BadOptions
    from nbc.core.match import Match

    tcg = _host(Moonlight()).game("tcg")
    with pytest.raises(BadOptions, match="no expansion called 'winter'"):
        Match.new(tcg, "base", {"expansions": ["winter"]}, players=2)
    match = Match.new(tcg, "moonlight", players=2, seed=1)
    assert match.state.expansions == ["moonlight"]
