"""Found by the fuzzer (`nbc fuzz tcg --seed 37`): secrecy.

tcg/base/4p seed 'fuzz:37:24' (random set-up), after 152 choices: after seat 0's
'play:c28', taken where only cards hidden from seat 2 differ, the seats asked differ:
at seats asked[0], (2, 'organ-donor') against (0, 'organ-donor'), though the step told
seat 2 the same in both. Whom a game asks is public: asking a seat only when it holds
an answer tells everyone what it holds

Shrunk from 152 choices to 152. The test replays every
choice strictly, checks every step as the test kit does, then checks the position
reached; it passes once the game is fixed."""

from nbc.core.testkit.replay import replay_and_check

OPTIONS = {
    'decks': [
        {
            'starting_locale': 'oogies-lair',
            'locales': [
                'sallys-room',
                'the-well',
                'castle-finklestein',
                'scary-bed',
                'the-tree-house',
            ],
            'main': {
                'lock-little-devil': 4,
                'barrel-dopey-trick-or-treater': 4,
                'shock-little-hag': 2,
                'shock-bossy-trick-or-treater': 2,
                'fear-the-reaper': 2,
                'somethings-up-with-jack': 4,
                'behemoth': 4,
                'decomposing-guy': 1,
                'my-fantasies': 3,
                'organ-donor': 3,
                'dr-finklestein-mad-scientist': 4,
                'vampire-count': 4,
                'oogies-dice': 1,
                'igor': 2,
            },
        },
        {
            'starting_locale': 'oogies-lair',
            'locales': [
                'tree-circle',
                'witches-nook',
                'jacks-bedroom',
                'the-tree-house',
                'castle-finklestein',
            ],
            'main': {
                'lock-little-devil': 4,
                'barrel-little-skeleton': 4,
                'shock-little-hag': 2,
                'shock-bossy-trick-or-treater': 2,
                'mournful-howl': 4,
                'easter-bunny': 1,
                'hitch-a-ride': 3,
                'monster-under-the-stairs': 1,
                'scary-teddy': 4,
                'nutcracker': 3,
                'jumbo-treat-bag': 3,
                'sally-skilled-alchemist': 4,
                'dead-head': 4,
                'decomposing-guy': 4,
            },
        },
        {
            'starting_locale': 'oogies-lair',
            'locales': [
                'the-crypt',
                'town-square',
                'the-tree-house',
                'pumpkin-patch',
                'castle-finklestein',
            ],
            'main': {
                'lock-little-devil': 4,
                'barrel-little-skeleton': 3,
                'barrel-dopey-trick-or-treater': 1,
                'shock-little-hag': 4,
                'i-told-you': 4,
                'corpse-kid': 4,
                'clown': 4,
                'scorpion-surprise': 4,
                'this-is-halloween': 3,
                'sandy-claws-outfit': 4,
                'town-meeting': 2,
                'decomposing-guy': 3,
            },
        },
        {
            'starting_locale': 'mayor-mobile',
            'locales': [
                'jacks-bedroom',
                'the-laboratory',
                'the-tree-house',
                'sallys-room',
                'witches-nook',
            ],
            'main': {
                'lock-little-devil': 4,
                'barrel-little-skeleton': 4,
                'shock-bossy-trick-or-treater': 2,
                'shock-little-hag': 2,
                'wheel-of-torture': 3,
                'monster-under-the-stairs': 4,
                'dr-finklestein-brainy-inventor': 2,
                'jewel': 4,
                'sound-of-rollin-dice': 3,
                'i-am-not-the-one': 4,
                'decomposing-guy': 3,
                'corpse-mom': 4,
                'vampire-count': 1,
            },
        },
    ],
}

CHOICES = [
    (1, 'pp'),  # Add 1 Pumpkin Point (free for the single player with the most Cr
    (1, 'pass'),  # Decline
    (2, 'discard:c103'),  # Discard Town Meeting! to do it
    (3, 'discard:c112'),  # Discard Sound of Rollin' Dice to do it
    (0, 'discard:c60'),  # Discard Behemoth (Axe Victim) to do it
    (1, 'fn:0:1'),  # Oogie's Lair: Add 3 Pumpkin Points
    (1, 'play:c34:0'),  # Play Barrel (Little Skeleton) under Oogie's Lair (1 PP)
    (1, 'play:c7'),  # Play Mournful Howl (1 PP)
    (1, 'end'),  # End your turn
    (2, 'play:c10:0'),  # Play Shock (Little Hag) under Oogie's Lair (1 PP)
    (2, 'fn:0:0'),  # Oogie's Lair: Draw 2 cards
    (2, 'end'),  # End your turn
    (3, 'play:c65:0'),  # Play Shock (Bossy Trick-or-Treater) under Mayor-mobile (1 PP)
    (3, 'fn:0:2'),  # Mayor-mobile: Move 5
    (3, 'end'),  # End your turn
    (0, 'play:c128:0'),  # Play Shock (Bossy Trick-or-Treater) under Oogie's Lair (1 PP)
    (0, 'replace:c98'),  # Replace Shock (Bossy Trick-or-Treater) with Shock (Little Hag) (
    (0, 'fn:0:0'),  # Oogie's Lair: Draw 2 cards
    (0, 'end'),  # End your turn
    (1, 'decline'),  # Draw nothing
    (1, 'right'),  # Witches' Nook at the right end
    (0, 'left'),  # Sally's Room at the left end
    (2, 'left'),  # Castle Finklestein at the left end
    (3, 'right'),  # Jack's Bedroom at the right end
    (2, 'draw'),  # Draw 1 card (free for the single player with the fewest cards in
    (2, 'discard:c136'),  # Discard Decomposing Guy (Puddinghead) to do it
    (3, 'discard:c89'),  # Discard Monster Under the Stairs (Ankle Grabber) to do it
    (0, 'discard:c143'),  # Discard Dr. Finklestein (Mad Scientist) to do it
    (1, 'discard:c6'),  # Discard Jumbo Treat Bag to do it
    (2, 'fn:1:1'),  # Oogie's Lair: Add 3 Pumpkin Points
    (2, 'play:c42:1'),  # Play Barrel (Dopey Trick-or-Treater) under Oogie's Lair (1 PP)
    (2, 'play:c116:0'),  # Play Corpse Kid (Ethan) under Castle Finklestein (2 PP)
    (2, 'end'),  # End your turn
    (3, 'end'),  # End your turn
    (0, 'fn:1:1'),  # Oogie's Lair: Add 3 Pumpkin Points
    (0, 'play:c168:0'),  # Play Lock (Little Devil) under Sally's Room (1 PP)
    (0, 'play:c14:0'),  # Play Behemoth (Axe Victim) under Sally's Room (2 PP)
    (0, 'use:c14:0'),  # Behemoth (Axe Victim): Discard Behemoth: every opponent discards
    (2, 'discard:c154'),  # Discard I told you!
    (3, 'discard:c107'),  # Discard Monster Under the Stairs (Ankle Grabber)
    (1, 'discard:c185'),  # Discard Hitch a Ride
    (0, 'end'),  # End your turn
    (1, 'fn:0:1'),  # Oogie's Lair: Add 3 Pumpkin Points
    (1, 'end'),  # End your turn
    (2, 'left'),  # The Tree House at the left end
    (0, 'left'),  # The Well at the left end
    (1, 'left'),  # Jack's Bedroom at the left end
    (3, 'right'),  # Witches' Nook at the right end
    (3, 'move'),  # Move 1 Character (free for the single player with the most Chara
    (3, 'discard:c111'),  # Discard Monster Under the Stairs (Ankle Grabber) to do it
    (3, 'mv:c65:1'),  # Move Shock (Bossy Trick-or-Treater) to Jack's Bedroom
    (0, 'pass'),  # Decline
    (1, 'discard:c36'),  # Discard Dead Head to do it
    (1, 'mv:c34:2'),  # Move Barrel (Little Skeleton) to Witches' Nook
    (2, 'pass'),  # Decline
    (3, 'fn:0:2'),  # Mayor-mobile: Move 5
    (3, 'mv:c65:0'),  # Move Shock (Bossy Trick-or-Treater) to Mayor-mobile
    (3, 'mv:c65:1'),  # Move Shock (Bossy Trick-or-Treater) to Jack's Bedroom
    (3, 'mv:c65:0'),  # Move Shock (Bossy Trick-or-Treater) to Mayor-mobile
    (3, 'mv:c65:1'),  # Move Shock (Bossy Trick-or-Treater) to Jack's Bedroom
    (3, 'mv:c65:2'),  # Move Shock (Bossy Trick-or-Treater) to Witches' Nook
    (3, 'yes'),  # Yes
    (3, 'discard:c21'),  # Discard Corpse Mom (Bertha)
    (3, 'play:c44:2'),  # Play Lock (Little Devil) under Witches' Nook (1 PP)
    (3, 'end'),  # End your turn
    (0, 'end'),  # End your turn
    (1, 'fn:1:0'),  # Oogie's Lair: Draw 2 cards
    (1, 'end'),  # End your turn
    (2, 'fn:2:0'),  # Oogie's Lair: Draw 2 cards
    (2, 'replace:c27'),  # Replace Barrel (Dopey Trick-or-Treater) with Barrel (Little Skel
    (2, 'end'),  # End your turn
    (1, 'right'),  # Tree Circle at the right end
    (3, 'left'),  # Sally's Room at the left end
    (2, 'right'),  # Pumpkin Patch at the right end
    (0, 'left'),  # Scary Bed at the left end
    (0, 'move'),  # Move 1 Character (free for the single player with the most Chara
    (0, 'discard:c120'),  # Discard Vampire Count (Mirror Breaker) to do it
    (0, 'mv:c98:2'),  # Move Shock (Little Hag) to Sally's Room
    (1, 'pass'),  # Decline
    (2, 'pass'),  # Decline
    (3, 'pass'),  # Decline
    (0, 'fn:3:0'),  # Oogie's Lair: Draw 2 cards
    (0, 'play:c33'),  # Play Something's up with Jack (0 PP)
    (0, 'discard:c145'),  # Discard My Fantasies
    (1, 'discard:c58'),  # Discard Scary Teddy
    (1, 'discard:c183'),  # Discard Scary Teddy
    (2, 'discard:c4'),  # Discard Scorpion Surprise
    (2, 'discard:c2'),  # Discard Corpse Kid (Ethan)
    (0, 'end'),  # End your turn
    (1, 'fn:1:0'),  # Oogie's Lair: Draw 2 cards
    (1, 'end'),  # End your turn
    (2, 'fn:2:0'),  # Oogie's Lair: Draw 2 cards
    (2, 'end'),  # End your turn
    (3, 'fn:1:2'),  # Mayor-mobile: Move 5
    (3, 'mv:c65:2'),  # Move Shock (Bossy Trick-or-Treater) to Jack's Bedroom
    (3, 'mv:c44:2'),  # Move Lock (Little Devil) to Jack's Bedroom
    (3, 'mv:c65:3'),  # Move Shock (Bossy Trick-or-Treater) to Witches' Nook
    (3, 'mv:c65:2'),  # Move Shock (Bossy Trick-or-Treater) to Jack's Bedroom
    (3, 'mv:c44:3'),  # Move Lock (Little Devil) to Witches' Nook
    (3, 'end'),  # End your turn
    (0, 'draw'),  # Draw 1
    (3, 'left'),  # The Laboratory at the left end
    (1, 'left'),  # The Tree House at the left end
    (2, 'left'),  # The Crypt at the left end
    (0, 'left'),  # Castle Finklestein at the left end
    (1, 'draw'),  # Draw 1 card (free for the single player with the fewest cards in
    (1, 'pass'),  # Decline
    (2, 'discard:c133'),  # Discard Barrel (Little Skeleton) to do it
    (3, 'pass'),  # Decline
    (0, 'pass'),  # Decline
    (1, 'fn:2:0'),  # Oogie's Lair: Draw 2 cards
    (1, 'end'),  # End your turn
    (2, 'fn:3:0'),  # Oogie's Lair: Draw 2 cards
    (2, 'end'),  # End your turn
    (3, 'end'),  # End your turn
    (0, 'replace:c62'),  # Replace Shock (Little Hag) with Shock (Bossy Trick-or-Treater) (
    (0, 'fn:4:0'),  # Oogie's Lair: Draw 2 cards
    (0, 'play:c20'),  # Play Something's up with Jack (0 PP)
    (1, 'discard:c72'),  # Discard Nutcracker
    (1, 'discard:c37'),  # Discard Jumbo Treat Bag
    (1, 'discard:c97'),  # Discard Dead Head
    (2, 'discard:c32'),  # Discard Clown (With the Tear-away Face)
    (2, 'discard:c176'),  # Discard This is Halloween!
    (2, 'discard:c135'),  # Discard This is Halloween!
    (0, 'discard:c187'),  # Discard Vampire Count (Mirror Breaker)
    (0, 'end'),  # End your turn
    (0, 'draw'),  # Draw 1
    (0, 'right'),  # The Tree House at the right end
    (3, 'left'),  # The Tree House at the left end
    (1, 'right'),  # Castle Finklestein at the right end
    (2, 'right'),  # Town Square at the right end
    (2, 'pp'),  # Add 1 Pumpkin Point (free for the single player with the most Cr
    (2, 'discard:c104'),  # Discard Shock (Little Hag) to do it
    (3, 'pass'),  # Decline
    (0, 'pass'),  # Decline
    (1, 'discard:c17'),  # Discard Dead Head to do it
    (2, 'play:c140:1'),  # Play Lock (Little Devil) under The Tree House (1 PP)
    (2, 'fn:3:0'),  # Oogie's Lair: Draw 2 cards
    (2, 'end'),  # End your turn
    (3, 'end'),  # End your turn
    (0, 'fn:4:0'),  # Oogie's Lair: Draw 2 cards
    (0, 'end'),  # End your turn
    (1, 'fn:2:1'),  # Oogie's Lair: Add 3 Pumpkin Points
    (1, 'end'),  # End your turn
    (3, 'draw'),  # Draw 1 card (free for the single player with the fewest cards in
    (3, 'pass'),  # Decline
    (0, 'discard:c141'),  # Discard Behemoth (Axe Victim) to do it
    (1, 'pass'),  # Decline
    (2, 'discard:c69'),  # Discard Decomposing Guy (Puddinghead) to do it
    (3, 'end'),  # End your turn
    (0, 'fn:4:1'),  # Oogie's Lair: Add 3 Pumpkin Points
    (0, 'play:c125:5'),  # Play Barrel (Dopey Trick-or-Treater) under The Tree House (1 PP)
]


def test_fuzz_tcg_secrecy_asked_after_9c5534cf():
    replay_and_check(
        'tcg',
        variant='base',
        players=4,
        seed='fuzz:37:24',
        options=OPTIONS,
        choices=CHOICES,
    )
