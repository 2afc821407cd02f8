"""Found by the fuzzer (`nbc fuzz tcg --seed 2026`): secrecy.

tcg/base/4p seed 'fuzz:2026:234:shrink:4' (random set-up), after 94 choices: event
'mill' tells seat 1 of a card only nobody may know (at event.text), and seat 1's view
does not show it

Shrunk from 140 choices to 93. The test replays every
choice strictly, checks every step as the test kit does, then checks the position
reached; it passes once the game is fixed."""

from nbc.core.testkit.replay import replay_and_check

OPTIONS = {
    'decks': [
        'jack',
        {
            'starting_locale': 'jacks-house',
            'locales': [
                'the-graveyard',
                'pumpkin-patch',
                'tree-circle',
                'castle-finklestein',
                'the-crypt',
            ],
            'main': {
                'hello-oogie': 4,
                'jack-skellington-master-of-fright': 4,
                'oogie-boogie-eight-ball': 4,
                'oogies-dice': 2,
                'thats-our-job': 3,
                'devil': 2,
                'decomposing-guy': 1,
                'mr-hyde-iii': 4,
                'little-witch': 3,
                'shock-bossy-trick-or-treater': 2,
                'dr-finklestein-mad-scientist': 1,
                'mr-hyde-ii': 2,
                'everybody-make-a-scene': 4,
                'barrel-little-skeleton': 1,
                'mr-hyde': 1,
                'oogies-turn-to-boogie': 4,
            },
        },
        {
            'starting_locale': 'jacks-house',
            'locales': ['the-crypt', 'tree-circle', 'sallys-room', 'witches-nook', 'pumpkin-patch'],
            'main': {
                'hello-oogie': 4,
                'jack-skellington-the-pumpkin-king': 4,
                'oogie-boogie-meanest-guy-around': 4,
                'barrel-dopey-trick-or-treater': 4,
                'winged-demon': 1,
                'little-witch': 4,
                'mystic-cauldron': 1,
                'monster-under-the-bed': 4,
                'say-it-twice': 3,
                'corpse-kid': 3,
                'monster-under-the-stairs': 3,
                'moody-mayor': 2,
                'shock-bossy-trick-or-treater': 4,
                'dr-finklestein-brainy-inventor': 1,
                'oogies-turn-to-boogie': 2,
                'dr-finklestein-mad-scientist': 3,
            },
        },
        {
            'starting_locale': 'jacks-house',
            'locales': ['the-graveyard', 'tree-circle', 'town-hall', 'the-well', 'back-alley'],
            'main': {
                'hello-oogie': 4,
                'jack-skellington-master-of-fright': 4,
                'oogie-boogie-meanest-guy-around': 3,
                'oogie-boogie-gamblin-boogie-man': 1,
                'vampire-baron': 4,
                'big-witch': 4,
                'sound-of-rollin-dice': 4,
                'the-mayor-elected-official': 4,
                'sandy-claws-outfit': 1,
                'behemoth': 3,
                'clown': 4,
                'halloweentown-gates': 4,
                'mr-hyde-iii': 3,
            },
        },
    ],
    'days': 5,
}

CHOICES = [
    (1, 'move'),  # Move 1 Character (free for the single player with the most Chara
    (1, 'pass'),  # Decline
    (2, 'pass'),  # Decline
    (3, 'pass'),  # Decline
    (0, 'pass'),  # Decline
    (1, 'fn:0:0'),  # Jack's House: Draw 2 cards
    (1, 'play:c65'),  # Play Oogie's turn to boogie (0 PP)
    (1, 'end'),  # End your turn
    (2, 'fn:0:0'),  # Jack's House: Draw 2 cards
    (2, 'end'),  # End your turn
    (3, 'fn:0:1'),  # Jack's House: Add 2 Pumpkin Points
    (3, 'play:c177:0'),  # Play Big Witch (Helgamine) under Jack's House (2 PP)
    (3, 'end'),  # End your turn
    (0, 'fn:0:2'),  # Jack's House: Move 4
    (0, 'play:c115:0'),  # Play Zero (Ghost Dog) under Jack's House (0 PP)
    (0, 'play:c189'),  # Play My Fantasies (0 PP)
    (0, 'end'),  # End your turn
    (0, 'draw'),  # Draw 1
    (1, 'draw'),  # Draw 1
    (1, 'discard:c98'),  # Discard That's our Job
    (2, 'discard:c39'),  # Discard Monster Under the Bed (Toe Nibbler)
    (2, 'discard:c23'),  # Discard Shock (Bossy Trick-or-Treater)
    (1, 'discard:c4'),  # Discard Oogie Boogie (Eight Ball)
    (0, 'left'),  # Jack's Bedroom at the left end
    (1, 'right'),  # Tree Circle at the right end
    (2, 'right'),  # Pumpkin Patch at the right end
    (3, 'left'),  # Tree Circle at the left end
    (2, 'draw'),  # Draw 1 card (free for the single player with the fewest cards in
    (2, 'discard:c125'),  # Discard Little Witch (Zeldaborn) to do it
    (3, 'pass'),  # Decline
    (0, 'pass'),  # Decline
    (1, 'discard:c18'),  # Discard Shock (Bossy Trick-or-Treater) to do it
    (2, 'fn:0:0'),  # Jack's House: Draw 2 cards
    (2, 'end'),  # End your turn
    (3, 'fn:1:1'),  # Jack's House: Add 2 Pumpkin Points
    (3, 'play:c176:1'),  # Play The Mayor (Elected Official) under Jack's House (2 PP)
    (3, 'end'),  # End your turn
    (0, 'fn:1:1'),  # Jack's House: Add 2 Pumpkin Points
    (0, 'play:c94:0'),  # Play Mr. Hyde (Covert Fellow) under Jack's Bedroom (1 PP)
    (0, 'end'),  # End your turn
    (1, 'fn:0:1'),  # Jack's House: Add 2 Pumpkin Points
    (1, 'play:c8:1'),  # Play Decomposing Guy (Puddinghead) under Tree Circle (1 PP)
    (1, 'play:c81:1'),  # Play Shock (Bossy Trick-or-Treater) under Tree Circle (1 PP)
    (1, 'play:c161'),  # Play Oogie's turn to boogie (0 PP)
    (1, 'end'),  # End your turn
    (1, 'draw'),  # Draw 1
    (2, 'discard:c93'),  # Discard Say It Twice
    (2, 'discard:c123'),  # Discard Dr. Finklestein (Brainy Inventor)
    (0, 'right'),  # Town Square at the right end
    (2, 'right'),  # Witches' Nook at the right end
    (3, 'right'),  # Back Alley at the right end
    (1, 'left'),  # The Graveyard at the left end
    (3, 'draw'),  # Draw 1 card (free for the single player with the fewest cards in
    (3, 'discard:c37'),  # Discard Sandy Claws Outfit to do it
    (0, 'discard:c130'),  # Discard Zero (Ghost Dog) to do it
    (1, 'pass'),  # Decline
    (2, 'discard:c26'),  # Discard Monster Under the Bed (Toe Nibbler) to do it
    (3, 'fn:1:2'),  # Jack's House: Move 4
    (3, 'mv:c177:0'),  # Move Big Witch (Helgamine) to Tree Circle
    (3, 'mv:c176:2'),  # Move The Mayor (Elected Official) to Back Alley
    (3, 'mv:c176:1'),  # Move The Mayor (Elected Official) to Jack's House
    (3, 'mv:c177:2'),  # Move Big Witch (Helgamine) to Back Alley
    (3, 'end'),  # End your turn
    (0, 'end'),  # End your turn
    (1, 'fn:1:0'),  # Jack's House: Draw 2 cards
    (1, 'use:c8:0'),  # Decomposing Guy (Puddinghead): Discard Decomposing Guy: Search 3
    (1, 'take:c169'),  # Take Jack Skellington (Master of Fright)
    (1, 'end'),  # End your turn
    (2, 'end'),  # End your turn
    (1, 'discard:c131'),  # Discard Hello, Oogie
    (0, 'left'),  # Sally's Room at the left end
    (2, 'right'),  # Sally's Room at the right end
    (1, 'right'),  # Pumpkin Patch at the right end
    (3, 'left'),  # Town Hall at the left end
    (0, 'pp'),  # Add 1 Pumpkin Point (free for the single player with the most Cr
    (0, 'discard:c170'),  # Discard The Mayor (Elected Official) to do it
    (1, 'discard:c105'),  # Discard Jack Skellington (Master of Fright) to do it
    (2, 'pass'),  # Decline
    (3, 'discard:c163'),  # Discard Hello, Oogie to do it
    (0, 'play:c157:0'),  # Play Bass Player (Jim) under Sally's Room (1 PP)
    (0, 'fn:2:0'),  # Jack's House: Draw 2 cards
    (0, 'end'),  # End your turn
    (1, 'fn:1:0'),  # Jack's House: Draw 2 cards
    (1, 'end'),  # End your turn
    (2, 'fn:0:0'),  # Jack's House: Draw 2 cards
    (2, 'end'),  # End your turn
    (3, 'fn:2:1'),  # Jack's House: Add 2 Pumpkin Points
    (3, 'play:c152:0'),  # Play Behemoth (Axe Victim) under Town Hall (2 PP)
    (3, 'use:c152:0'),  # Behemoth (Axe Victim): Discard Behemoth: every opponent discards
    (0, 'discard:c173'),  # Discard Takeoff Ramp
    (1, 'discard:c169'),  # Discard Jack Skellington (Master of Fright)
    (2, 'discard:c44'),  # Discard Monster Under the Stairs (Ankle Grabber)
    (3, 'play:c84'),  # Play Sound of Rollin' Dice (1 PP)
]


def test_fuzz_tcg_secrecy_event_mill_568f8337():
    replay_and_check(
        'tcg',
        variant='base',
        players=4,
        seed='fuzz:2026:234:shrink:4',
        options=OPTIONS,
        choices=CHOICES,
    )
