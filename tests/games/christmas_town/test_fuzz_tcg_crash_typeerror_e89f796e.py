"""Found by the fuzzer (`nbc fuzz tcg --seed 2`): crash.

tcg/christmas-town/2p seed 'fuzz:2:129:shrink:6' (random set-up), after 19 choices:
seat 0 was offered 'Move Corpse Kid (Ethan) to Tree Circle' (mv:c44:0) and taking it
failed: TypeError: 'int' object is not iterable. A choice the game offers must work;
until this is fixed the match is stuck whenever this choice is taken

The cause: Mummy Boy's Move 2 tested its condition (Corpse Kid beside him) again after
the first move took Corpse Kid away, so the answer to the second move reached the turn
menu; the condition is now tested once, when he is played.

Shrunk from 103 choices to 20. The test replays every
choice strictly, checks every step as the test kit does, then checks the position
reached; it passes once the game is fixed."""

from nbc.core.testkit.replay import replay_and_check

OPTIONS = {
    "decks": [
        {
            "starting_locale": "jacks-house",
            "locales": [
                "the-observatory",
                "tree-circle",
                "doll-factory",
                "toy-factory",
                "sewing-hut",
            ],
            "main": {
                "mummy-boy": 4,
                "mr-hyde-iii": 4,
                "corpse-kid": 3,
                "trick-or-treat": 2,
                "i-am-the-pumpkin-king": 2,
                "halloweentown-gates": 3,
                "santa-claus": 3,
                "lock-savage-captor": 1,
                "shock-mad-schemer": 3,
                "jack-skellington-the-pumpkin-king": 3,
                "nightmare-before-christmas": 1,
                "headhunter": 1,
                "cyclops": 1,
                "the-rat": 1,
                "jack-skellington-demon-of-light": 1,
                "whats-this": 3,
                "pauly-the-elf": 3,
                "little-henchmen": 3,
            },
        },
        {
            "starting_locale": "finklestein-hall",
            "locales": ["sewing-hut", "toy-factory", "skating-pond", "santas-house", "tree-circle"],
            "main": {
                "mummy-boy": 4,
                "mr-hyde-iii": 4,
                "corpse-kid": 3,
                "trick-or-treat": 2,
                "i-am-the-pumpkin-king": 3,
                "halloweentown-gates": 4,
                "barrel-guinea-pig": 2,
                "shock-mad-schemer": 2,
                "lock-savage-captor": 1,
                "jack-skellington-motivational-spooker": 3,
                "jack-in-the-box": 2,
                "worthy-accomplice": 4,
                "sally-skilled-alchemist": 3,
                "claw-catapult": 4,
            },
        },
    ],
    "days": 5,
}

CHOICES = [
    (1, "pp"),  # Add 1 Pumpkin Point (free for the single player with the most Creations)
    (1, "discard:c90"),  # Discard Corpse Kid (Ethan) to do it
    (0, "pass"),  # Decline
    (1, "fn:0:0"),  # Finklestein Hall: Draw 3 cards
    (1, "play:c27"),  # Play Worthy Accomplice (1 PP)
    (1, "end"),  # End your turn
    (0, "fn:0:2"),  # Jack's House: Move 4
    (0, "end"),  # End your turn
    (1, "draw"),  # Draw (replace the Surprises played this Day)
    (1, "discard:c51"),  # Discard Halloweentown Gates
    (1, "discard:c91"),  # Discard Jack Skellington (Motivational Spooker)
    (0, "left"),  # Tree Circle at the left end of your Halloweentown
    (1, "right"),  # Santa's House starts your Christmas Town
    (0, "pp"),  # Add 1 Pumpkin Point (free for the single player with the most Creations)
    (0, "discard:c31"),  # Discard I am the Pumpkin King! to do it
    (1, "pass"),  # Decline
    (0, "fn:1:1"),  # Jack's House: Add 2 Pumpkin Points
    (0, "play:c44:0"),  # Play Corpse Kid (Ethan) under Tree Circle (2 PP)
    (0, "play:c20:0"),  # Play Mummy Boy (Ragamuffin) under Tree Circle (1 PP)
    (0, "mv:c44:1"),  # Move Corpse Kid (Ethan) to Jack's House
    (0, "mv:c44:0"),  # Move Corpse Kid (Ethan) to Tree Circle
]


def test_fuzz_tcg_crash_typeerror_e89f796e():
    replay_and_check(
        "tcg",
        variant="christmas-town",
        players=2,
        seed="fuzz:2:129:shrink:6",
        options=OPTIONS,
        choices=CHOICES,
    )
