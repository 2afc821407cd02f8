"""Found by the fuzzer (`nbc fuzz tcg --seed 3`): secrecy.

tcg/christmas-town/2p seed 'fuzz:3:1447' (random set-up), after 71 choices: event
'discard' tells seat 1 of a card only seat 0 may know (at event.text), and seat 1's
view does not show it

Shrunk from 122 choices to 70. The test replays every
choice strictly, checks every step as the test kit does, then checks the position
reached; it passes once the game is fixed."""


from nbc.core.testkit.replay import replay_and_check

OPTIONS = {
    "decks": [
        {
            "starting_locale": "mayor-mobile",
            "locales": [
                "the-crypt",
                "toy-factory",
                "elven-bedchamber",
                "the-well",
                "the-laboratory",
            ],
            "main": {
                "iggy-the-elf": 4,
                "nelly-the-elf": 3,
                "suzy-the-elf": 4,
                "jack-skellington-the-pumpkin-king": 3,
                "jack-skellington-demon-of-light": 1,
                "timmy-the-elf": 4,
                "house-of-cards": 2,
                "road-kill": 2,
                "trick-or-treat": 3,
                "its-alive": 3,
                "decomposing-guy": 2,
                "shock-mad-schemer": 3,
                "santa-claus": 3,
                "barrel-guinea-pig": 2,
                "dr-finklestein-brainy-inventor": 1,
            },
        },
        {
            "starting_locale": "oogies-lair",
            "locales": [
                "cookie-factory",
                "candy-shop",
                "toy-factory",
                "the-laboratory",
                "elven-bedchamber",
            ],
            "main": {
                "barry-the-elf": 4,
                "chucky-the-elf": 3,
                "nelly-the-elf": 2,
                "pauly-the-elf": 4,
                "suzy-the-elf": 3,
                "house-of-cards": 4,
                "road-kill": 4,
                "trick-or-treat": 3,
                "its-alive": 2,
                "decomposing-guy": 1,
                "lock-savage-captor": 2,
                "santa-claus": 2,
                "shock-mad-schemer": 3,
                "dr-finklestein-brainy-inventor": 2,
                "claw-catapult": 4,
            },
        },
    ],
}

CHOICES = [
    (0, "pp"),  # Add 1 Pumpkin Point (free for the single player with the most Creations)
    (0, "discard:c61"),  # Discard Barrel (Guinea Pig) to do it
    (1, "discard:c38"),  # Discard It's Alive! to do it
    (0, "fn:0:1"),  # Mayor-mobile: Add 2 Pumpkin Points
    (0, "end"),  # End your turn
    (1, "fn:0:1"),  # Oogie's Lair: Add 3 Pumpkin Points
    (1, "end"),  # End your turn
    (0, "right"),  # Toy Factory starts your Christmas Town
    (1, "right"),  # Cookie Factory starts your Christmas Town
    (1, "draw"),  # Draw 1 card (free for the single player with the fewest cards in hand)
    (1, "discard:c42"),  # Discard Claw Catapult to do it
    (0, "pass"),  # Decline
    (1, "fn:0:1"),  # Oogie's Lair: Add 3 Pumpkin Points
    (1, "play:c58:1"),  # Play Santa Claus (Master of Christmas) under Cookie Factory (0 PP)
    (1, "play:c27:1"),  # Play Nelly the Elf (Nurturing Nanny) under Cookie Factory (0 PP)
    (1, "play:c45:1"),  # Play Chucky the Elf (Chunky Choirboy) under Cookie Factory (0 PP)
    (1, "use:c58:0"),  # Santa Claus (Master of Christmas): Search 6 for Elves
    (1, "play:c30:1"),  # Play Pauly the Elf (Persistent Polisher) under Cookie Factory (0 PP)
    (1, "end"),  # End your turn
    (0, "fn:0:0"),  # Mayor-mobile: Draw 3 cards
    (0, "play:c84:1"),  # Play Santa Claus (Master of Christmas) under Toy Factory (0 PP)
    (0, "play:c33:1"),  # Play Iggy the Elf (Infrequent Insomniac) under Toy Factory (0 PP)
    (0, "play:c90:1"),  # Play Timmy the Elf (Tenacious Toymaker) under Toy Factory (0 PP)
    (0, "yes"),  # Yes
    (0, "use:c84:0"),  # Santa Claus (Master of Christmas): Search 6 for Elves
    (0, "end"),  # End your turn
    (0, "discard:c93"),  # Discard Jack Skellington (The Pumpkin King)
    (0, "left"),  # Elven Bedchamber at the left end of your Christmas Town
    (1, "left"),  # The Laboratory at the left end of your Halloweentown
    (0, "draw"),  # Draw 1 card (free for the single player with the fewest cards in hand)
    (0, "discard:c78"),  # Discard Jack Skellington (The Pumpkin King) to do it
    (1, "pass"),  # Decline
    (0, "fn:0:0"),  # Mayor-mobile: Draw 3 cards
    (0, "use:c84:0"),  # Santa Claus (Master of Christmas): Search 6 for Elves
    (0, "play:c12:1"),  # Play Suzy the Elf (Stocking Stuffer) under Elven Bedchamber (0 PP)
    (0, "end"),  # End your turn
    (1, "fn:1:0"),  # Oogie's Lair: Draw 2 cards
    (1, "play:c80:2"),  # Play Barry the Elf (Bustling Baker) under Cookie Factory (0 PP)
    (1, "yes"),  # Yes
    (1, "discard:c69"),  # Discard Trick or Treat!
    (1, "use:c58:0"),  # Santa Claus (Master of Christmas): Search 6 for Elves
    (1, "use:c57:0"),  # Cookie Factory: Discard a Creation from hand to draw a card
    (1, "discard:c4"),  # Discard Road Kill
    (1, "end"),  # End your turn
    (1, "discard:c3"),  # Discard Nelly the Elf (Nurturing Nanny)
    (0, "discard:c9"),  # Discard It's Alive!
    (0, "discard:c20"),  # Discard House of Cards
    (0, "discard:c19"),  # Discard Santa Claus (Master of Christmas)
    (0, "discard:c88"),  # Discard Road Kill
    (0, "discard:c53"),  # Discard Iggy the Elf (Infrequent Insomniac)
    (0, "discard:c18"),  # Discard Timmy the Elf (Tenacious Toymaker)
    (0, "left"),  # The Crypt at the left end of your Halloweentown
    (1, "left"),  # Elven Bedchamber at the left end of your Christmas Town
    (1, "draw"),  # Draw 1 card (free for the single player with the fewest cards in hand)
    (1, "pass"),  # Decline
    (0, "pass"),  # Decline
    (1, "fn:1:0"),  # Oogie's Lair: Draw 2 cards
    (1, "play:c49:2"),  # Play Suzy the Elf (Stocking Stuffer) under Elven Bedchamber (0 PP)
    (1, "end"),  # End your turn
    (0, "use:c84:0"),  # Santa Claus (Master of Christmas): Search 6 for Elves
    (0, "fn:1:0"),  # Mayor-mobile: Draw 3 cards
    (0, "play:c36:2"),  # Play Nelly the Elf (Nurturing Nanny) under Elven Bedchamber (0 PP)
    (0, "no"),  # No
    (0, "end"),  # End your turn
    (0, "discard:c17"),  # Discard Trick or Treat!
    (1, "discard:c35"),  # Discard Chucky the Elf (Chunky Choirboy)
    (0, "discard:c62"),  # Discard Shock (Mad Schemer)
    (0, "discard:c77"),  # Discard Timmy the Elf (Tenacious Toymaker)
    (0, "discard:c25"),  # Discard Santa Claus (Master of Christmas)
    (0, "discard:c22"),  # Discard Iggy the Elf (Infrequent Insomniac)
]


def test_fuzz_tcg_secrecy_f8c901d8():
    replay_and_check(
        "tcg",
        variant="christmas-town",
        players=2,
        seed="fuzz:3:1447",
        options=OPTIONS,
        choices=CHOICES,
    )
