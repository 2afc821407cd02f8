"""Found by the fuzzer (`nbc fuzz tcg --seed 4`): crash.

tcg/base/2p seed 'fuzz:4:22:shrink:7' (random set-up), after 9 choices: seat 0 was
offered 'Let it happen' (pass) and taking it failed: TypeError: 'NoneType' object is
not subscriptable. A choice the game offers must work; until this is fixed the match
is stuck whenever this choice is taken

Shrunk from 168 choices to 10. The test replays every
choice strictly, checks every step as the test kit does, then checks the position
reached; it passes once the game is fixed."""

from nbc.core.testkit.replay import replay_and_check

OPTIONS = {
    "decks": [
        {
            "starting_locale": "oogies-lair",
            "locales": [
                "the-laboratory",
                "the-graveyard",
                "sallys-room",
                "the-tree-house",
                "castle-finklestein",
            ],
            "main": {
                "halloweentown-gates": 4,
                "lets-play": 4,
                "oogie-boogie-gamblin-boogie-man": 4,
                "fender-bender": 4,
                "fear-the-reaper": 4,
                "barrel-little-skeleton": 4,
                "sound-of-rollin-dice": 4,
                "pull-yourself-together": 4,
                "sally-shy-creature": 4,
                "jack-skellington-demon-of-light": 4,
            },
        },
        {
            "starting_locale": "jacks-house",
            "locales": [
                "sallys-room",
                "castle-finklestein",
                "town-hall",
                "the-laboratory",
                "the-tree-house",
            ],
            "main": {
                "oogie-boogie-meanest-guy-around": 4,
                "scared-stiff": 4,
                "shock-bossy-trick-or-treater": 4,
                "lock-impish-trick-or-treater": 4,
                "jumbo-treat-bag": 4,
                "mad-genius": 4,
                "barrel-dopey-trick-or-treater": 4,
                "sound-of-rollin-dice": 4,
                "pull-yourself-together": 4,
                "sally-skilled-alchemist": 4,
            },
        },
    ],
    "days": 1,
}

CHOICES = [
    (0, "draw"),  # Draw 1 card (free for the single player with the fewest cards in
    (0, "discard:c54"),  # Discard Barrel (Little Skeleton) to do it
    (1, "pass"),  # Decline
    (0, "fn:0:1"),  # Oogie's Lair: Add 3 Pumpkin Points
    (0, "play:c72"),  # Play Halloweentown Gates (2 PP)
    (0, "play:c58:0"),  # Play Barrel (Little Skeleton) under Oogie's Lair (1 PP)
    (0, "end"),  # End your turn
    (1, "fn:0:1"),  # Jack's House: Add 2 Pumpkin Points
    (1, "play:c55"),  # Play Sound of Rollin' Dice (1 PP)
    (0, "pass"),  # Let it happen
]


def test_fuzz_tcg_crash_typeerror_rules_turn_menu_3902b3ff():
    replay_and_check(
        "tcg",
        variant="base",
        players=2,
        seed="fuzz:4:22:shrink:7",
        options=OPTIONS,
        choices=CHOICES,
    )
