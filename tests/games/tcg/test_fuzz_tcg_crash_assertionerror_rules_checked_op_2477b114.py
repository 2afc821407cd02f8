"""Found by the fuzzer (`nbc fuzz tcg --seed 11`): crash.

tcg/base/2p seed 'fuzz:11:30:shrink:3' (random set-up), after 18 choices: seat 1 was
offered 'Play Sackful of Mischief (1 PP)' (play:c34) and taking it failed:
AssertionError: step 0 of sackful-of-mischief.mode0 (custom) is not safe to resume:
run again before its question is answered, it did not ask again. A choice the game
offers must work; until this is fixed the match is stuck whenever this choice is taken

Shrunk from 49 choices to 19. The test replays every
choice strictly, checks every step as the test kit does, then checks the position
reached; it passes once the game is fixed."""

from nbc.core.testkit.replay import replay_and_check

OPTIONS = {
    'decks': [
        'jack',
        {
            'starting_locale': 'finklestein-hall',
            'locales': [
                'the-laboratory',
                'tree-circle',
                'pumpkin-patch',
                'castle-finklestein',
                'back-alley',
            ],
            'main': {
                'dr-finklestein-mad-scientist': 4,
                'sackful-of-mischief': 4,
                'devil': 4,
                'double-dead': 4,
                'dead-head': 4,
                'organ-donor': 4,
                'tub-of-terror': 4,
                'little-witch': 4,
                'old-sparkly': 4,
                'everybody-scream': 4,
            },
        },
    ],
    'days': 3,
}

CHOICES = [
    (1, 'pp'),  # Add 1 Pumpkin Point (free for the single player with the most Cr
    (1, 'discard:c83'),  # Discard Tub of Terror to do it
    (0, 'pass'),  # Decline
    (1, 'play:c27:0'),  # Play Little Witch (Zeldaborn) under Finklestein Hall (1 PP)
    (1, 'fn:0:0'),  # Finklestein Hall: Draw 3 cards
    (1, 'play:c73'),  # Play Double Dead (0 PP)
    (1, 'title:Tub of Terror'),  # Tub of Terror
    (1, 'end'),  # End your turn
    (0, 'fn:0:2'),  # Jack's House: Move 4
    (0, 'end'),  # End your turn
    (1, "draw"),  # Draw (replace the Surprises played this Day)
    (1, 'discard:c77'),  # Discard Dr. Finklestein (Mad Scientist)
    (0, 'left'),  # Town Hall at the left end
    (1, 'left'),  # Tree Circle at the left end
    (0, 'pp'),  # Add 1 Pumpkin Point (free for the single player with the most Cr
    (0, 'pass'),  # Decline
    (1, 'discard:c71'),  # Discard Sackful of Mischief to do it
    (0, 'end'),  # End your turn
    (1, 'fn:1:1'),  # Finklestein Hall: Add 2 Pumpkin Points
    (1, 'play:c34'),  # Play Sackful of Mischief (1 PP)
]


def test_fuzz_tcg_crash_assertionerror_rules_checked_op_2477b114():
    replay_and_check(
        'tcg',
        variant='base',
        players=2,
        seed='fuzz:11:30:shrink:3',
        options=OPTIONS,
        choices=CHOICES,
    )
