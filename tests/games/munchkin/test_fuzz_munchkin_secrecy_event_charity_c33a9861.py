"""Found by the fuzzer (`nbc fuzz munchkin --seed 2026`): secrecy.

munchkin/faster/4p seed 'fuzz:2026:4' (random set-up), after 1063 choices: event
'charity' tells seat 0 of a card only seat 1 may know (at event.text), and seat 0's
view does not show it

Shrunk from 1062 choices to 1062. The test replays every
choice strictly, checks every step as the test kit does, then checks the position
reached; it passes once the game is fixed.

The position reached is seat 1's Charity, to discard one of six cards: whichever it
discards, the turn passes to seat 2, back from death, whose redraw empties the Door
deck and shuffles the discards back into it, the card just discarded face up among
them. That card stays named in the view's discarded list (without its instance id)
and is not planted as hidden until the next choice.

Since every receiver is asked about the cards it receives, and a turn player with
cards in hand is asked at Charity even with nothing to do (docs/games/munchkin.md,
"Who may act when"), the recorded choices gained two `keep`s and twelve ends of a
turn at Charity; the position reached is the same as before."""

from nbc.core.testkit.replay import replay_and_check

OPTIONS = {
    "cards": {
        "wind-blows-your-hair": 1,
        "moth-eaten": 1,
        "butterfingers": 1,
        "deported": 1,
        "bad-dream": 1,
        "sticky-goo": 1,
        "town-hall-fine": 1,
        "frostbite": 1,
        "monstrous": 1,
        "enraged": 1,
        "hungry": 1,
        "sleepy": 1,
        "risen-from-the-grave": 2,
        "baby": 1,
        "christmas-town": 1,
        "thanksgiving-town": 1,
        "dual-citizenship": 1,
        "snowmobile": 1,
        "santas-sleigh": 1,
        "coffin-sleigh": 1,
        "giant-bat": 1,
        "motorized-wheelchair": 1,
        "pumpkin-wagon": 1,
        "glowing-nose": 1,
        "rocket-booster": 1,
        "spiked-runners": 3,
        "wandering-monster": 1,
        "jewel-finkelstein": 1,
        "bat-swarm": 1,
        "shrunken-head": 1,
        "corpse-kid": 1,
        "zero": 1,
        "mummy-kid": 1,
        "igor": 1,
        "killer-wreath": 1,
        "melting-man": 1,
        "jack-in-the-box": 1,
        "vampire-brothers": 1,
        "undersea-gal": 1,
        "ghostly-carolers": 1,
        "mr-hyde": 1,
        "witch-zeldaborn": 1,
        "clown-tear-away-face": 1,
        "witch-helgamine": 1,
        "the-mayor": 1,
        "wolfman": 1,
        "winged-demon": 1,
        "hanging-tree": 1,
        "creature-under-the-stairs": 1,
        "christmas-tree-snake": 1,
        "lock-shock-barrel": 1,
        "big-witch": 1,
        "jack-skellington": 1,
        "evil-scientist": 1,
        "phantom-of-the-lake": 1,
        "oogie-boogie": 1,
        "santa-hat": 1,
        "pumpkin-head": 1,
        "pumpkins": 1,
        "santa-suit": 1,
        "patchwork-dress": 1,
        "ghost-sheet": 1,
        "elf-shoes": 1,
        "santa-boots": 1,
        "pumpkin-shoes": 1,
        "spring-stilts": 1,
        "bunny-slippers": 1,
        "axe": 1,
        "vampire-teddy": 1,
        "rattle": 1,
        "ghost-lantern": 1,
        "pitchfork": 1,
        "tuba": 1,
        "gravedigger-shovel": 1,
        "holiday-lights": 1,
        "jack-o-lantern": 1,
        "christmas-wreath": 1,
        "shiny-ornament": 1,
        "searchlight": 1,
        "deadly-nightshade": 2,
        "snowball": 1,
        "exploding-present": 2,
        "spider-soup": 1,
        "loaded-dice": 1,
        "spiral-hill": 1,
        "bag-of-bugs": 1,
        "christmas-stocking": 1,
        "trick-or-treat": 1,
        "sing-this-is-halloween": 1,
        "kidnap-sandy-claws": 1,
        "escape-the-lab": 1,
        "read-the-book": 1,
        "cheat": 1,
    },
}

CHOICES = [
    (2, "play:c47"),  # Play Shrunken Head Rattle
    (1, "play:c34"),  # Play Snowmobile
    (3, "play:c89"),  # Play Pumpkins
    (3, "ready"),  # Ready
    (2, "play:c3"),  # Play Santa's Sleigh
    (1, "play:c10"),  # Play Elf Shoes
    (0, "play:c18"),  # Play Giant Bat
    (2, "carry:c69"),  # Put Exploding Present on the table
    (1, "ready"),  # Ready
    (2, "play:c42"),  # Play Axe
    (2, "carry:c30"),  # Put Deadly Nightshade on the table
    (0, "play:c91"),  # Play Gravedigger's Shovel
    (0, "play:c92"),  # Play Christmas Wreath
    (2, "ready"),  # Ready
    (0, "play:c8"),  # Play Vampire Teddy
    (0, "carry:c15"),  # Put Deadly Nightshade on the table
    (0, "ready"),  # Ready
    (3, "trade"),  # Offer a trade
    (3, "with:1"),  # Offer seat 1 a trade
    (3, "give:c89"),  # Give Pumpkins
    (3, "offer"),  # Offer Pumpkins for nothing
    (1, "decline"),  # Decline
    (0, "play:c16"),  # Play Motorized Wheelchair
    (2, "play:c25"),  # Play Pumpkin Wagon
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "give:c42"),  # Give Axe
    (2, "give:c69"),  # Give Exploding Present
    (2, "cancel"),  # Call off the offer
    (1, "sell"),  # Sell Items for levels
    (1, "add:c10"),  # Add Elf Shoes to the sale
    (1, "add:c12"),  # Add Santa Suit to the sale
    (1, "add:c2"),  # Add Christmas Stocking to the sale
    (1, "add:c37"),  # Add Pumpkin Shoes to the sale
    (1, "sell"),  # Sell for 1 level(s) (1400 Gold, no change)
    (0, "pass"),  # Pass
    (1, "kick"),  # Kick Open the Door
    (1, "keep"),  # Keep Dual Citizenship
    (1, "fight:c17"),  # Look for Trouble: fight Winged Demon
    (2, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "play:c33"),  # Play Enraged
    (3, "pass"),  # Pass
    (2, "use:c69"),  # Use Exploding Present from the table
    (2, "foe:0"),  # For Winged Demon
    (3, "play:c28"),  # Play Lead the Big Song
    (3, "to:1"),  # On seat 1
    (3, "pass"),  # Pass
    (2, "use:c30"),  # Use Deadly Nightshade from the table
    (2, "heroes"),  # For the fighters
    (1, "ask:0"),  # Ask seat 0 for help
    (1, "share:2:you"),  # Add 2 of the Treasures, helper picks first
    (1, "ask"),  # Ask for help, offering 2 Treasure(s), the helper picking first
    (0, "accept"),  # Help seat 1 for 2 Treasure(s), you picking first
    (3, "pass"),  # Pass
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (1, "play:c21"),  # Play Sticky Goo
    (1, "to:3"),  # On seat 3
    (2, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "play:c72"),  # Play Trick or Treat!
    (3, "to:2"),  # On seat 2
    (1, "pass"),  # Pass
    (3, "pass"),  # Pass
    (0, "play:c58"),  # Play Risen from the Grave
    (2, "join:c86"),  # Send Vampire Brothers into the fight
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (0, "run:c17"),  # Roll to Run Away from Winged Demon
    (1, "ride:alone"),  # Sacrifice Snowmobile: you escape, your helper rolls
    (0, "run:c86"),  # Roll to Run Away from Vampire Brothers
    (1, "end"),  # End your turn
    (3, "pass"),  # Pass
    (0, "trade"),  # Offer a trade
    (0, "cancel"),  # Call off the offer
    (2, "trade"),  # Offer a trade
    (2, "with:1"),  # Offer seat 1 a trade
    (2, "give:c47"),  # Give Shrunken Head Rattle
    (2, "cancel"),  # Call off the offer
    (2, "kick"),  # Kick Open the Door
    (2, "loot"),  # Loot the Room
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "give:c42"),  # Give Axe
    (2, "give:c47"),  # Give Shrunken Head Rattle
    (2, "get:c89"),  # Ask for seat 3's Pumpkins
    (2, "cancel"),  # Call off the offer
    (2, "sell"),  # Sell Items for levels
    (2, "add:c47"),  # Add Shrunken Head Rattle to the sale
    (2, "cancel"),  # Call off the sale
    (2, "on:c47"),  # Put on Shrunken Head Rattle
    (2, "play:c1"),  # Play Santa Hat
    (2, "sell"),  # Sell Items for levels
    (2, "add:c1"),  # Add Santa Hat to the sale
    (2, "add:c47"),  # Add Shrunken Head Rattle to the sale
    (2, "add:c42"),  # Add Axe to the sale
    (2, "cancel"),  # Call off the sale
    (2, "on:c42"),  # Put on Axe
    (2, "on:c47"),  # Put on Shrunken Head Rattle
    (0, "trade"),  # Offer a trade
    (0, "with:3"),  # Offer seat 3 a trade
    (0, "cancel"),  # Call off the offer
    (2, "trade"),  # Offer a trade
    (2, "cancel"),  # Call off the offer
    (3, "trade"),  # Offer a trade
    (3, "with:1"),  # Offer seat 1 a trade
    (3, "give:c89"),  # Give Pumpkins
    (3, "cancel"),  # Call off the offer
    (3, "kick"),  # Kick Open the Door
    (3, "keep"),  # Keep Sleepy
    (3, "trade"),  # Offer a trade
    (3, "cancel"),  # Call off the offer
    (3, "loot"),  # Loot the Room
    (3, "trade"),  # Offer a trade
    (3, "with:2"),  # Offer seat 2 a trade
    (3, "get:c1"),  # Ask for seat 2's Santa Hat
    (3, "give:c89"),  # Give Pumpkins
    (3, "get:c42"),  # Ask for seat 2's Axe
    (3, "cancel"),  # Call off the offer
    (3, "carry:c67"),  # Put Snowball on the table
    (3, "play:c7"),  # Play The Wind Blows Your Hair
    (3, "to:2"),  # On seat 2
    (3, "charity"),  # Give away the excess (or discard it, if you are lowest)
    (3, "discard:c40"),  # Discard Undersea Gal
    (3, "trade"),  # Offer a trade
    (3, "with:0"),  # Offer seat 0 a trade
    (3, "get:c8"),  # Ask for seat 0's Vampire Teddy
    (3, "get:c91"),  # Ask for seat 0's Gravedigger's Shovel
    (3, "cancel"),  # Call off the offer
    (2, "trade"),  # Offer a trade
    (2, "with:0"),  # Offer seat 0 a trade
    (2, "get:c15"),  # Ask for seat 0's Deadly Nightshade
    (2, "give:c47"),  # Give Shrunken Head Rattle
    (2, "offer"),  # Offer Shrunken Head Rattle for Deadly Nightshade
    (0, "accept"),  # Take Shrunken Head Rattle for your Deadly Nightshade
    (0, "on:c47"),  # Put on Shrunken Head Rattle
    (0, "on:c91"),  # Put on Gravedigger's Shovel
    (0, "play:c48"),  # Play Town Hall Fine
    (0, "to:3"),  # On seat 3
    (0, "sell"),  # Sell Items for levels
    (0, "add:c92"),  # Add Christmas Wreath to the sale
    (0, "add:c47"),  # Add Shrunken Head Rattle to the sale
    (0, "add:c8"),  # Add Vampire Teddy to the sale
    (0, "add:c91"),  # Add Gravedigger's Shovel to the sale
    (0, "sell"),  # Sell for 1 level(s) (1100 Gold, no change)
    (0, "kick"),  # Kick Open the Door
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (2, "use:c15"),  # Use Deadly Nightshade from the table
    (2, "foe:0"),  # For Mummy Kid
    (0, "ask:3"),  # Ask seat 3 for help
    (0, "ask"),  # Ask for help, offering nothing
    (3, "refuse"),  # Refuse
    (2, "pass"),  # Pass
    (0, "play:c22"),  # Play Monstrous
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "ask:2"),  # Ask seat 2 for help
    (0, "share:2:me"),  # Add 2 of the Treasures, you pick first
    (0, "ask"),  # Ask for help, offering 2 Treasure(s), the fighter picking first
    (2, "refuse"),  # Refuse
    (3, "use:c67"),  # Use Snowball from the table
    (3, "heroes"),  # For the fighters
    (2, "pass"),  # Pass
    (0, "ask:1"),  # Ask seat 1 for help
    (0, "share:1:you"),  # Add 1 of the Treasures, helper picks first
    (0, "ask"),  # Ask for help, offering 1 Treasure(s), the helper picking first
    (1, "accept"),  # Help seat 0 for 1 Treasure(s), you picking first
    (2, "pass"),  # Pass
    (3, "play:c51"),  # Play Sleepy
    (3, "pass"),  # Pass
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (1, "run:c27"),  # Roll to Run Away from Mummy Kid
    (0, "run:c27"),  # Roll to Run Away from Mummy Kid
    (1, "kick"),  # Kick Open the Door
    (1, "pass"),  # Pass
    (2, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "run:c83"),  # Roll to Run Away from The Mayor
    (3, "pass"),  # Pass
    (2, "trade"),  # Offer a trade
    (2, "cancel"),  # Call off the offer
    (1, "end"),  # End your turn
    (2, "kick"),  # Kick Open the Door
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "pass"),  # Pass
    (2, "ask:0"),  # Ask seat 0 for help
    (2, "share:1:me"),  # Add 1 of the Treasures, you pick first
    (2, "ask"),  # Ask for help, offering 1 Treasure(s), the fighter picking first
    (0, "accept"),  # Help seat 2 for 1 Treasure(s), the fighter picking first
    (3, "pass"),  # Pass
    (2, "play:c41"),  # Play Glowing Nose
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "pass"),  # Pass
    (2, "pass"),  # Pass
    (2, "end"),  # End your turn
    (2, "pass"),  # Pass
    (3, "trade"),  # Offer a trade
    (3, "cancel"),  # Call off the offer
    (3, "play:c6"),  # Play Shiny Ornament
    (3, "kick"),  # Kick Open the Door
    (3, "keep"),  # Keep Christmas Town
    (3, "fight:c29"),  # Look for Trouble: fight Hanging Tree
    (3, "ask:2"),  # Ask seat 2 for help
    (3, "share:2:me"),  # Add 2 of the Treasures, you pick first
    (3, "item:c6"),  # Add Shiny Ornament to the bribe
    (3, "item:c89"),  # Add Pumpkins to the bribe
    (3, "ask"),  # Ask for help, offering Shiny Ornament, Pumpkins, 2 Treasure(s), the fighter picking first
    (2, "refuse"),  # Refuse
    (1, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "ask:0"),  # Ask seat 0 for help
    (3, "share:1:me"),  # Add 1 of the Treasures, you pick first
    (3, "item:c89"),  # Add Pumpkins to the bribe
    (3, "ask"),  # Ask for help, offering Pumpkins, 1 Treasure(s), the fighter picking first
    (0, "accept"),  # Help seat 3 for Pumpkins, 1 Treasure(s), the fighter picking first
    (3, "play:c81"),  # Play Christmas Town
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "dropcit:c81"),  # Give up Christmas Town
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "trade"),  # Offer a trade
    (3, "with:2"),  # Offer seat 2 a trade
    (3, "cancel"),  # Call off the offer
    (3, "end"),  # End your turn
    (2, "pass"),  # Pass
    (0, "kick"),  # Kick Open the Door
    (3, "pass"),  # Pass
    (0, "keep"),  # Keep Risen from the Grave
    (0, "loot"),  # Loot the Room
    (0, "end"),  # End your turn
    (1, "kick"),  # Kick Open the Door
    (1, "ask:0"),  # Ask seat 0 for help
    (1, "ask"),  # Ask for help, offering nothing
    (0, "accept"),  # Help seat 1 for nothing
    (3, "play:c55"),  # Play Baby
    (3, "pass"),  # Pass
    (2, "pass"),  # Pass
    (0, "pass"),  # Pass
    (1, "pass"),  # Pass
    (2, "trade"),  # Offer a trade
    (2, "with:1"),  # Offer seat 1 a trade
    (2, "cancel"),  # Call off the offer
    (1, "end"),  # End your turn
    (2, "play:c77"),  # Play Rocket Booster
    (3, "pass"),  # Pass
    (2, "kick"),  # Kick Open the Door
    (0, "play:c88"),  # Play Risen from the Grave
    (0, "pass"),  # Pass
    (1, "pass"),  # Pass
    (2, "ask:0"),  # Ask seat 0 for help
    (2, "share:1:me"),  # Add 1 of the Treasures, you pick first
    (2, "item:c42"),  # Add Axe to the bribe
    (2, "ask"),  # Ask for help, offering Axe, 1 Treasure(s), the fighter picking first
    (0, "refuse"),  # Refuse
    (2, "pass"),  # Pass
    (3, "pass"),  # Pass
    (2, "run:c46"),  # Roll to Run Away from Wolfman
    (2, "trade"),  # Offer a trade
    (2, "with:0"),  # Offer seat 0 a trade
    (2, "cancel"),  # Call off the offer
    (3, "kick"),  # Kick Open the Door
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "end"),  # End your turn
    (2, "trade"),  # Offer a trade
    (2, "with:0"),  # Offer seat 0 a trade
    (2, "give:c42"),  # Give Axe
    (2, "offer"),  # Offer Axe for nothing
    (0, "decline"),  # Decline
    (3, "trade"),  # Offer a trade
    (3, "cancel"),  # Call off the offer
    (0, "play:c24"),  # Play Pumpkin Head
    (0, "kick"),  # Kick Open the Door
    (0, "keep"),  # Keep Spiked Runners
    (0, "fight:c50"),  # Look for Trouble: fight Lock, Shock and Barrel
    (1, "pass"),  # Pass
    (0, "play:c78"),  # Play Spiked Runners
    (2, "pass"),  # Pass
    (0, "ask:1"),  # Ask seat 1 for help
    (0, "share:2:me"),  # Add 2 of the Treasures, you pick first
    (0, "ask"),  # Ask for help, offering 2 Treasure(s), the fighter picking first
    (1, "refuse"),  # Refuse
    (0, "ask:2"),  # Ask seat 2 for help
    (0, "share:1:me"),  # Add 1 of the Treasures, you pick first
    (0, "ask"),  # Ask for help, offering 1 Treasure(s), the fighter picking first
    (2, "accept"),  # Help seat 0 for 1 Treasure(s), the fighter picking first
    (1, "pass"),  # Pass
    (3, "pass"),  # Pass
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (0, "take:c84"),  # Take Holiday Lights
    (2, "take:c11"),  # Take Patchwork Dress
    (2, "play:c11"),  # Play Patchwork Dress
    (0, "carry:c26"),  # Put Bag of Bugs on the table
    (0, "end"),  # End your turn
    (1, "kick"),  # Kick Open the Door
    (2, "pass"),  # Pass
    (1, "ask:3"),  # Ask seat 3 for help
    (1, "share:2:me"),  # Add 2 of the Treasures, you pick first
    (1, "ask"),  # Ask for help, offering 2 Treasure(s), the fighter picking first
    (3, "accept"),  # Help seat 1 for 2 Treasure(s), the fighter picking first
    (2, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (1, "run:c87"),  # Roll to Run Away from Big Witch
    (3, "run:c87"),  # Roll to Run Away from Big Witch
    (1, "end"),  # End your turn
    (2, "kick"),  # Kick Open the Door
    (0, "trade"),  # Offer a trade
    (0, "with:3"),  # Offer seat 3 a trade
    (0, "get:c89"),  # Ask for seat 3's Pumpkins
    (0, "get:c6"),  # Ask for seat 3's Shiny Ornament
    (0, "give:c26"),  # Give Bag of Bugs
    (0, "cancel"),  # Call off the offer
    (3, "pass"),  # Pass
    (2, "play"),  # Play Coffin Sleigh
    (2, "trade"),  # Offer a trade
    (2, "with:1"),  # Offer seat 1 a trade
    (2, "give:c42"),  # Give Axe
    (2, "cancel"),  # Call off the offer
    (2, "loot"),  # Loot the Room
    (2, "sell"),  # Sell Items for levels
    (2, "add:c11"),  # Add Patchwork Dress to the sale
    (2, "add:c42"),  # Add Axe to the sale
    (2, "cancel"),  # Call off the sale
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "cancel"),  # Call off the offer
    (2, "end"),  # End your turn
    (2, "trade"),  # Offer a trade
    (2, "cancel"),  # Call off the offer
    (0, "trade"),  # Offer a trade
    (0, "cancel"),  # Call off the offer
    (3, "trade"),  # Offer a trade
    (3, "with:0"),  # Offer seat 0 a trade
    (3, "get:c24"),  # Ask for seat 0's Pumpkin Head
    (3, "give:c89"),  # Give Pumpkins
    (3, "offer"),  # Offer Pumpkins for Pumpkin Head
    (0, "decline"),  # Decline
    (3, "play:c73"),  # Play Bunny Slippers
    (3, "kick"),  # Kick Open the Door
    (2, "pass"),  # Pass
    (0, "use:c26"),  # Use Bag of Bugs from the table
    (0, "foe:0"),  # Mr. Hyde
    (1, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "play:c80"),  # Play Thanksgiving Town
    (2, "on:c42"),  # Put on Axe
    (0, "pass"),  # Pass
    (2, "on:c11"),  # Put on Patchwork Dress
    (3, "pass"),  # Pass
    (1, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "trade"),  # Offer a trade
    (3, "with:2"),  # Offer seat 2 a trade
    (3, "give:c73"),  # Give Bunny Slippers
    (3, "get:c42"),  # Ask for seat 2's Axe
    (3, "offer"),  # Offer Bunny Slippers for Axe
    (2, "decline"),  # Decline
    (3, "end"),  # End your turn
    (3, "dropcit:c80"),  # Give up Thanksgiving Town
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "cancel"),  # Call off the offer
    (0, "play:c19"),  # Play Deported
    (0, "to:0"),  # On seat 0
    (0, "play:c84"),  # Play Holiday Lights
    (0, "trade"),  # Offer a trade
    (0, "with:3"),  # Offer seat 3 a trade
    (0, "get:c89"),  # Ask for seat 3's Pumpkins
    (0, "give:c84"),  # Give Holiday Lights
    (0, "get:c73"),  # Ask for seat 3's Bunny Slippers
    (0, "give:c24"),  # Give Pumpkin Head
    (0, "get:c6"),  # Ask for seat 3's Shiny Ornament
    (0, "cancel"),  # Call off the offer
    (0, "kick"),  # Kick Open the Door
    (0, "pass"),  # Pass
    (1, "pass"),  # Pass
    (3, "pass"),  # Pass
    (2, "pass"),  # Pass
    (0, "trade"),  # Offer a trade
    (0, "with:2"),  # Offer seat 2 a trade
    (0, "get:c42"),  # Ask for seat 2's Axe
    (0, "give:c84"),  # Give Holiday Lights
    (0, "cancel"),  # Call off the offer
    (0, "play:c39"),  # Play Jack-o'-Lantern
    (0, "end"),  # End your turn
    (2, "pass"),  # Pass
    (3, "trade"),  # Offer a trade
    (3, "cancel"),  # Call off the offer
    (0, "trade"),  # Offer a trade
    (0, "with:2"),  # Offer seat 2 a trade
    (0, "cancel"),  # Call off the offer
    (1, "kick"),  # Kick Open the Door
    (2, "pass"),  # Pass
    (3, "pass"),  # Pass
    (0, "pass"),  # Pass
    (1, "ask:2"),  # Ask seat 2 for help
    (1, "share:3:you"),  # Add 3 of the Treasures, helper picks first
    (1, "ask"),  # Ask for help, offering 3 Treasure(s), the helper picking first
    (2, "refuse"),  # Refuse
    (1, "ask:0"),  # Ask seat 0 for help
    (1, "share:1:me"),  # Add 1 of the Treasures, you pick first
    (1, "ask"),  # Ask for help, offering 1 Treasure(s), the fighter picking first
    (0, "refuse"),  # Refuse
    (1, "ask:3"),  # Ask seat 3 for help
    (1, "share:1:me"),  # Add 1 of the Treasures, you pick first
    (1, "ask"),  # Ask for help, offering 1 Treasure(s), the fighter picking first
    (3, "accept"),  # Help seat 1 for 1 Treasure(s), the fighter picking first
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "pass"),  # Pass
    (1, "run:c43"),  # Roll to Run Away from Creature Under the Stairs
    (3, "run:c43"),  # Roll to Run Away from Creature Under the Stairs
    (1, "charity"),  # Give away the excess (or discard it, if you are lowest)
    (1, "discard:c38"),  # Discard Dual Citizenship
    (0, "trade"),  # Offer a trade
    (0, "cancel"),  # Call off the offer
    (3, "pass"),  # Pass
    (2, "trade"),  # Offer a trade
    (2, "with:0"),  # Offer seat 0 a trade
    (2, "give:c42"),  # Give Axe
    (2, "cancel"),  # Call off the offer
    (2, "kick"),  # Kick Open the Door
    (2, "keep"),  # Keep Spiked Runners
    (2, "loot"),  # Loot the Room
    (2, "play:c52"),  # Play Santa Boots
    (2, "end"),  # End your turn
    (3, "trade"),  # Offer a trade
    (3, "with:2"),  # Offer seat 2 a trade
    (3, "get:c42"),  # Ask for seat 2's Axe
    (3, "cancel"),  # Call off the offer
    (2, "play:c97"),  # Play Spiked Runners
    (3, "kick"),  # Kick Open the Door
    (3, "trade"),  # Offer a trade
    (3, "with:0"),  # Offer seat 0 a trade
    (3, "get:c24"),  # Ask for seat 0's Pumpkin Head
    (3, "get:c84"),  # Ask for seat 0's Holiday Lights
    (3, "give:c6"),  # Give Shiny Ornament
    (3, "cancel"),  # Call off the offer
    (0, "pass"),  # Pass
    (2, "trade"),  # Offer a trade
    (2, "with:1"),  # Offer seat 1 a trade
    (2, "give:c52"),  # Give Santa Boots
    (2, "offer"),  # Offer Santa Boots for nothing
    (1, "decline"),  # Decline
    (3, "loot"),  # Loot the Room
    (3, "play:c76"),  # Play Ghost Sheet
    (3, "end"),  # End your turn
    (3, "pass"),  # Pass
    (0, "kick"),  # Kick Open the Door
    (2, "play:c44"),  # Play Butterfingers
    (2, "to:2"),  # On seat 2
    (3, "pass"),  # Pass
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (0, "end"),  # End your turn
    (3, "pass"),  # Pass
    (1, "play:c64"),  # Play Frostbite
    (1, "to:2"),  # On seat 2
    (2, "trade"),  # Offer a trade
    (2, "with:1"),  # Offer seat 1 a trade
    (2, "cancel"),  # Call off the offer
    (0, "pass"),  # Pass
    (1, "kick"),  # Kick Open the Door
    (1, "ask:2"),  # Ask seat 2 for help
    (1, "ask"),  # Ask for help, offering nothing
    (2, "refuse"),  # Refuse
    (3, "play:c45"),  # Play Hungry
    (3, "pass"),  # Pass
    (0, "play:c90"),  # Play Kidnap Sandy Claws
    (0, "to:1"),  # On seat 1
    (0, "pass"),  # Pass
    (1, "ask:3"),  # Ask seat 3 for help
    (1, "share:2:you"),  # Add 2 of the Treasures, helper picks first
    (1, "ask"),  # Ask for help, offering 2 Treasure(s), the helper picking first
    (3, "accept"),  # Help seat 1 for 2 Treasure(s), you picking first
    (3, "pass"),  # Pass
    (0, "pass"),  # Pass
    (1, "pass"),  # Pass
    (2, "pass"),  # Pass
    (1, "run:c61"),  # Roll to Run Away from Shrunken Head
    (3, "run:c61"),  # Roll to Run Away from Shrunken Head
    (1, "end"),  # End your turn
    (3, "pass"),  # Pass
    (0, "pass"),  # Pass
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "give:c11"),  # Give Patchwork Dress
    (2, "offer"),  # Offer Patchwork Dress for nothing
    (3, "decline"),  # Decline
    (2, "play:c85"),  # Play Ghost Lantern
    (2, "kick"),  # Kick Open the Door
    (2, "fight:c54"),  # Look for Trouble: fight Igor
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (2, "play:c56"),  # Play Spring Stilts
    (2, "trade"),  # Offer a trade
    (2, "with:1"),  # Offer seat 1 a trade
    (2, "give:c56"),  # Give Spring Stilts
    (2, "cancel"),  # Call off the offer
    (2, "end"),  # End your turn
    (0, "pass"),  # Pass
    (2, "trade"),  # Offer a trade
    (2, "cancel"),  # Call off the offer
    (3, "trade"),  # Offer a trade
    (3, "with:1"),  # Offer seat 1 a trade
    (3, "cancel"),  # Call off the offer
    (3, "kick"),  # Kick Open the Door
    (3, "keep"),  # Keep Santa's Sleigh
    (3, "fight:c31"),  # Look for Trouble: fight Witch Zeldaborn
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "ask:1"),  # Ask seat 1 for help
    (3, "share:2:me"),  # Add 2 of the Treasures, you pick first
    (3, "item:c73"),  # Add Bunny Slippers to the bribe
    (3, "ask"),  # Ask for help, offering Bunny Slippers, 2 Treasure(s), the fighter picking first
    (1, "accept"),  # Help seat 3 for Bunny Slippers, 2 Treasure(s), the fighter picking first
    (3, "pass"),  # Pass
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (1, "run:c31"),  # Roll to Run Away from Witch Zeldaborn
    (3, "run:c31"),  # Roll to Run Away from Witch Zeldaborn
    (3, "end"),  # End your turn
    (0, "sell"),  # Sell Items for levels
    (0, "add:c96"),  # Add Pitchfork to the sale
    (0, "add:c84"),  # Add Holiday Lights to the sale
    (0, "cancel"),  # Call off the sale
    (0, "trade"),  # Offer a trade
    (0, "with:2"),  # Offer seat 2 a trade
    (0, "give:c39"),  # Give Jack-o'-Lantern
    (0, "give:c24"),  # Give Pumpkin Head
    (0, "offer"),  # Offer Jack-o'-Lantern, Pumpkin Head for nothing
    (2, "decline"),  # Decline
    (0, "on:c84"),  # Put on Holiday Lights
    (3, "play:c3"),  # Play Santa's Sleigh
    (2, "pass"),  # Pass
    (3, "trade"),  # Offer a trade
    (3, "cancel"),  # Call off the offer
    (0, "play:c96"),  # Play Pitchfork
    (0, "kick"),  # Kick Open the Door
    (0, "keep"),  # Keep Rocket Booster
    (0, "loot"),  # Loot the Room
    (0, "carry:c65"),  # Put Spider Soup on the table
    (0, "sell"),  # Sell Items for levels
    (0, "add:c39"),  # Add Jack-o'-Lantern to the sale
    (0, "cancel"),  # Call off the sale
    (0, "end"),  # End your turn
    (2, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "kick"),  # Kick Open the Door
    (1, "keep"),  # Keep Risen from the Grave
    (0, "pass"),  # Pass
    (1, "fight:c68"),  # Look for Trouble: fight Melting Man
    (2, "pass"),  # Pass
    (0, "play:c77"),  # Play Rocket Booster
    (2, "pass"),  # Pass
    (1, "ask:3"),  # Ask seat 3 for help
    (1, "ask"),  # Ask for help, offering nothing
    (3, "accept"),  # Help seat 1 for nothing
    (2, "pass"),  # Pass
    (1, "play:c18"),  # Play Giant Bat
    (2, "pass"),  # Pass
    (1, "play:c58"),  # Play Risen from the Grave
    (1, "join:c98"),  # Send Corpse Kid into the fight
    (2, "pass"),  # Pass
    (0, "on:c39"),  # Put on Jack-o'-Lantern
    (1, "join:c59"),  # Send Ghostly Carolers into the fight
    (0, "use:c65"),  # Use Spider Soup from the table
    (0, "foe:1"),  # For Corpse Kid
    (1, "pass"),  # Pass
    (2, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "run:c98"),  # Roll to Run Away from Corpse Kid
    (3, "run:c98"),  # Roll to Run Away from Corpse Kid
    (1, "run:c68"),  # Roll to Run Away from Melting Man
    (3, "run:c68"),  # Roll to Run Away from Melting Man
    (1, "end"),  # End your turn
    (3, "pass"),  # Pass
    (0, "trade"),  # Offer a trade
    (0, "cancel"),  # Call off the offer
    (2, "play:c60"),  # Play Spiked Runners
    (2, "trade"),  # Offer a trade
    (2, "with:1"),  # Offer seat 1 a trade
    (2, "give:c11"),  # Give Patchwork Dress
    (2, "give:c56"),  # Give Spring Stilts
    (2, "cancel"),  # Call off the offer
    (2, "kick"),  # Kick Open the Door
    (1, "pass"),  # Pass
    (3, "pass"),  # Pass
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (2, "play:c82"),  # Play Read the Christmas Book
    (2, "to:1"),  # On seat 1
    (2, "trade"),  # Offer a trade
    (2, "cancel"),  # Call off the offer
    (2, "carry:c66"),  # Put Spiral Hill Shortcut on the table
    (2, "end"),  # End your turn
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "cancel"),  # Call off the offer
    (0, "trade"),  # Offer a trade
    (0, "with:3"),  # Offer seat 3 a trade
    (0, "get:c6"),  # Ask for seat 3's Shiny Ornament
    (0, "give:c24"),  # Give Pumpkin Head
    (0, "cancel"),  # Call off the offer
    (3, "play:c19"),  # Play Deported
    (3, "to:0"),  # On seat 0
    (3, "kick"),  # Kick Open the Door
    (0, "pass"),  # Pass
    (1, "pass"),  # Pass
    (2, "use:c66"),  # Use Spiral Hill Shortcut from the table
    (0, "pass"),  # Pass
    (1, "pass"),  # Pass
    (3, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "end"),  # End your turn
    (2, "trade"),  # Offer a trade
    (2, "with:0"),  # Offer seat 0 a trade
    (2, "get:c39"),  # Ask for seat 0's Jack-o'-Lantern
    (2, "get:c84"),  # Ask for seat 0's Holiday Lights
    (2, "cancel"),  # Call off the offer
    (0, "sell"),  # Sell Items for levels
    (0, "add:c96"),  # Add Pitchfork to the sale
    (0, "add:c84"),  # Add Holiday Lights to the sale
    (0, "add:c24"),  # Add Pumpkin Head to the sale
    (0, "cancel"),  # Call off the sale
    (3, "pass"),  # Pass
    (0, "on:c24"),  # Put on Pumpkin Head
    (0, "trade"),  # Offer a trade
    (0, "cancel"),  # Call off the offer
    (0, "on:c84"),  # Put on Holiday Lights
    (0, "on:c96"),  # Put on Pitchfork
    (0, "kick"),  # Kick Open the Door
    (0, "sell"),  # Sell Items for levels
    (0, "add:c84"),  # Add Holiday Lights to the sale
    (0, "add:c96"),  # Add Pitchfork to the sale
    (0, "add:c24"),  # Add Pumpkin Head to the sale
    (0, "cancel"),  # Call off the sale
    (0, "on:c96"),  # Put on Pitchfork
    (0, "on:c24"),  # Put on Pumpkin Head
    (0, "fight:c5"),  # Look for Trouble: fight Killer Wreath
    (2, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "play:c7"),  # Play The Wind Blows Your Hair
    (0, "to:1"),  # On seat 1
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "on:c84"),  # Put on Holiday Lights
    (0, "play:c79"),  # Play Escape the Lab
    (0, "to:3"),  # On seat 3
    (0, "end"),  # End your turn
    (0, "trade"),  # Offer a trade
    (0, "with:1"),  # Offer seat 1 a trade
    (0, "give:c96"),  # Give Pitchfork
    (0, "offer"),  # Offer Pitchfork for nothing
    (1, "decline"),  # Decline
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "cancel"),  # Call off the offer
    (3, "trade"),  # Offer a trade
    (3, "cancel"),  # Call off the offer
    (1, "kick"),  # Kick Open the Door
    (1, "ask:3"),  # Ask seat 3 for help
    (1, "share:1:me"),  # Add 1 of the Treasures, you pick first
    (1, "ask"),  # Ask for help, offering 1 Treasure(s), the fighter picking first
    (3, "refuse"),  # Refuse
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "ride"),  # Sacrifice Giant Bat to escape every monster
    (1, "end"),  # End your turn
    (2, "kick"),  # Kick Open the Door
    (2, "ask:1"),  # Ask seat 1 for help
    (2, "share:2:you"),  # Add 2 of the Treasures, helper picks first
    (2, "item:c11"),  # Add Patchwork Dress to the bribe
    (2, "item:c56"),  # Add Spring Stilts to the bribe
    (
        2,
        "ask",
    ),  # Ask for help, offering Patchwork Dress, Spring Stilts, 2 Treasure(s), the helper picking first
    (1, "refuse"),  # Refuse
    (2, "play:c34"),  # Play Snowmobile
    (3, "pass"),  # Pass
    (2, "ask:3"),  # Ask seat 3 for help
    (2, "item:c11"),  # Add Patchwork Dress to the bribe
    (2, "share:2:me"),  # Add 2 of the Treasures, you pick first
    (2, "ask"),  # Ask for help, offering Patchwork Dress, 2 Treasure(s), the fighter picking first
    (3, "accept"),  # Help seat 2 for Patchwork Dress, 2 Treasure(s), the fighter picking first
    (3, "pass"),  # Pass
    (2, "pass"),  # Pass
    (0, "pass"),  # Pass
    (1, "pass"),  # Pass
    (3, "on:c11"),  # Put on Patchwork Dress
    (3, "pass"),  # Pass
    (0, "trade"),  # Offer a trade
    (0, "with:1"),  # Offer seat 1 a trade
    (0, "give:c39"),  # Give Jack-o'-Lantern
    (0, "give:c24"),  # Give Pumpkin Head
    (0, "offer"),  # Offer Jack-o'-Lantern, Pumpkin Head for nothing
    (1, "accept"),  # Take Jack-o'-Lantern, Pumpkin Head for your nothing
    (1, "pass"),  # Pass
    (2, "take:c94"),  # Take Searchlight
    (3, "keep"),  # Keep them in your hand
    (2, "play:c94"),  # Play Searchlight
    (2, "take:c82"),  # Take Read the Christmas Book
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "cancel"),  # Call off the offer
    (2, "play:c82"),  # Play Read the Christmas Book
    (2, "to:0"),  # On seat 0
    (2, "end"),  # End your turn
    (3, "carry:c20"),  # Put Exploding Present on the table
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "get:c6"),  # Ask for seat 3's Shiny Ornament
    (2, "cancel"),  # Call off the offer
    (3, "on:c76"),  # Put on Ghost Sheet
    (1, "on:c24"),  # Put on Pumpkin Head
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "play:c32"),  # Play Cheat!
    (3, "on:c73"),  # Bunny Slippers
    (3, "sell"),  # Sell Items for levels
    (3, "add:c76"),  # Add Ghost Sheet to the sale
    (3, "cancel"),  # Call off the sale
    (3, "on:c11"),  # Put on Patchwork Dress
    (3, "on:c73"),  # Put on Bunny Slippers
    (3, "kick"),  # Kick Open the Door
    (3, "keep"),  # Keep Pumpkin Wagon
    (3, "fight:c29"),  # Look for Trouble: fight Hanging Tree
    (0, "pass"),  # Pass
    (3, "play:c25"),  # Play Pumpkin Wagon
    (3, "ask:1"),  # Ask seat 1 for help
    (3, "item:c20"),  # Add Exploding Present to the bribe
    (3, "item:c76"),  # Add Ghost Sheet to the bribe
    (3, "ask"),  # Ask for help, offering Exploding Present, Ghost Sheet
    (1, "accept"),  # Help seat 3 for Exploding Present, Ghost Sheet
    (3, "use:c20"),  # Use Exploding Present from the table
    (3, "heroes"),  # For the fighters
    (3, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "trade"),  # Offer a trade
    (3, "with:1"),  # Offer seat 1 a trade
    (3, "get:c39"),  # Ask for seat 1's Jack-o'-Lantern
    (3, "get:c76"),  # Ask for seat 1's Ghost Sheet
    (3, "give:c11"),  # Give Patchwork Dress
    (3, "get:c24"),  # Ask for seat 1's Pumpkin Head
    (3, "give:c6"),  # Give Shiny Ornament
    (3, "cancel"),  # Call off the offer
    (3, "carry:c13"),  # Put Loaded Dice on the table
    (3, "play:c36"),  # Play Tuba
    (3, "carry:c66"),  # Put Spiral Hill Shortcut on the table
    (3, "end"),  # End your turn
    (1, "on:c39"),  # Put on Jack-o'-Lantern
    (3, "pass"),  # Pass
    (0, "play:c48"),  # Play Town Hall Fine
    (0, "to:3"),  # On seat 3
    (0, "kick"),  # Kick Open the Door
    (1, "pass"),  # Pass
    (0, "fight:c95"),  # Look for Trouble: fight Jack Skellington
    (1, "on:c76"),  # Put on Ghost Sheet
    (0, "ask:2"),  # Ask seat 2 for help
    (0, "share:1:you"),  # Add 1 of the Treasures, helper picks first
    (0, "ask"),  # Ask for help, offering 1 Treasure(s), the helper picking first
    (2, "accept"),  # Help seat 0 for 1 Treasure(s), you picking first
    (0, "join:c27"),  # Send Mummy Kid into the fight
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "use:c13"),  # Use Loaded Dice from the table
    (3, "use:c66"),  # Use Spiral Hill Shortcut from the table
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (3, "pass"),  # Pass
    (2, "take:c12"),  # Take Santa Suit
    (2, "play:c12"),  # Play Santa Suit
    (0, "play:c2"),  # Play Christmas Stocking
    (0, "carry:c26"),  # Put Bag of Bugs on the table
    (2, "trade"),  # Offer a trade
    (2, "cancel"),  # Call off the offer
    (0, "play:c82"),  # Play Read the Christmas Book
    (0, "to:1"),  # On seat 1
    (0, "carry:c15"),  # Put Deadly Nightshade on the table
    (0, "trade"),  # Offer a trade
    (0, "cancel"),  # Call off the offer
    (0, "carry:c20"),  # Put Exploding Present on the table
    (0, "carry:c30"),  # Put Deadly Nightshade on the table
    (2, "pass"),  # Pass
    (3, "pass"),  # Pass
    (0, "trade"),  # Offer a trade
    (0, "cancel"),  # Call off the offer
    (1, "kick"),  # Kick Open the Door
    (3, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "use:c26"),  # Use Bag of Bugs from the table
    (0, "foe:0"),  # Creature Under the Stairs
    (0, "use:c30"),  # Use Deadly Nightshade from the table
    (0, "heroes"),  # For the fighters
    (3, "pass"),  # Pass
    (0, "use:c15"),  # Use Deadly Nightshade from the table
    (0, "heroes"),  # For the fighters
    (3, "pass"),  # Pass
    (0, "use:c20"),  # Use Exploding Present from the table
    (0, "heroes"),  # For the fighters
    (2, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (1, "end"),  # End your turn
    (0, "pass"),  # Pass
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "give:c12"),  # Give Santa Suit
    (2, "get:c36"),  # Ask for seat 3's Tuba
    (2, "cancel"),  # Call off the offer
    (1, "pass"),  # Pass
    (3, "trade"),  # Offer a trade
    (3, "with:2"),  # Offer seat 2 a trade
    (3, "give:c36"),  # Give Tuba
    (3, "offer"),  # Offer Tuba for nothing
    (2, "decline"),  # Decline
    (2, "kick"),  # Kick Open the Door
    (2, "sell"),  # Sell Items for levels
    (2, "cancel"),  # Call off the sale
    (2, "loot"),  # Loot the Room
    (2, "sell"),  # Sell Items for levels
    (2, "add:c12"),  # Add Santa Suit to the sale
    (2, "add:c56"),  # Add Spring Stilts to the sale
    (2, "sell"),  # Sell for 1 level(s) (1000 Gold, no change)
    (2, "end"),  # End your turn
    (3, "trade"),  # Offer a trade
    (3, "with:2"),  # Offer seat 2 a trade
    (3, "give:c11"),  # Give Patchwork Dress
    (3, "give:c6"),  # Give Shiny Ornament
    (3, "cancel"),  # Call off the offer
    (3, "kick"),  # Kick Open the Door
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (3, "charity"),  # Give away the excess (or discard it, if you are lowest)
    (3, "give:c70:1"),  # Give Evil Scientist to seat 1
    (1, "keep"),  # Keep them in your hand
    (0, "trade"),  # Offer a trade
    (0, "with:1"),  # Offer seat 1 a trade
    (0, "give:c96"),  # Give Pitchfork
    (0, "get:c39"),  # Ask for seat 1's Jack-o'-Lantern
    (0, "get:c24"),  # Ask for seat 1's Pumpkin Head
    (0, "offer"),  # Offer Pitchfork for Jack-o'-Lantern, Pumpkin Head
    (1, "decline"),  # Decline
    (0, "kick"),  # Kick Open the Door
    (0, "keep"),  # Keep Christmas Town
    (0, "loot"),  # Loot the Room
    (3, "pass"),  # Pass
    (1, "trade"),  # Offer a trade
    (1, "with:3"),  # Offer seat 3 a trade
    (1, "get:c6"),  # Ask for seat 3's Shiny Ornament
    (1, "give:c39"),  # Give Jack-o'-Lantern
    (1, "give:c24"),  # Give Pumpkin Head
    (1, "get:c36"),  # Ask for seat 3's Tuba
    (1, "offer"),  # Offer Jack-o'-Lantern, Pumpkin Head for Shiny Ornament, Tuba
    (3, "decline"),  # Decline
    (0, "play:c81"),  # Play Christmas Town
    (0, "trade"),  # Offer a trade
    (0, "with:2"),  # Offer seat 2 a trade
    (0, "give:c84"),  # Give Holiday Lights
    (0, "give:c96"),  # Give Pitchfork
    (0, "offer"),  # Offer Holiday Lights, Pitchfork for nothing
    (2, "accept"),  # Take Holiday Lights, Pitchfork for your nothing
    (0, "play:c79"),  # Play Escape the Lab
    (0, "to:1"),  # On seat 1
    (0, "end"),  # End your turn
    (1, "trade"),  # Offer a trade
    (1, "with:2"),  # Offer seat 2 a trade
    (1, "give:c39"),  # Give Jack-o'-Lantern
    (1, "give:c76"),  # Give Ghost Sheet
    (1, "cancel"),  # Call off the offer
    (3, "trade"),  # Offer a trade
    (3, "with:2"),  # Offer seat 2 a trade
    (3, "give:c6"),  # Give Shiny Ornament
    (3, "get:c84"),  # Ask for seat 2's Holiday Lights
    (3, "give:c11"),  # Give Patchwork Dress
    (3, "give:c36"),  # Give Tuba
    (3, "get:c96"),  # Ask for seat 2's Pitchfork
    (3, "offer"),  # Offer Shiny Ornament, Patchwork Dress, Tuba for Holiday Lights, Pitchfork
    (2, "decline"),  # Decline
    (2, "trade"),  # Offer a trade
    (2, "with:0"),  # Offer seat 0 a trade
    (2, "cancel"),  # Call off the offer
    (1, "kick"),  # Kick Open the Door
    (2, "pass"),  # Pass
    (0, "dropcit:c81"),  # Give up Christmas Town
    (2, "pass"),  # Pass
    (3, "pass"),  # Pass
    (0, "play:c88"),  # Play Risen from the Grave
    (0, "pass"),  # Pass
    (3, "join:c86"),  # Send Vampire Brothers into the fight
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (1, "ask:0"),  # Ask seat 0 for help
    (1, "share:4:me"),  # Add 4 of the Treasures, you pick first
    (1, "item:c76"),  # Add Ghost Sheet to the bribe
    (1, "item:c39"),  # Add Jack-o'-Lantern to the bribe
    (
        1,
        "ask",
    ),  # Ask for help, offering Ghost Sheet, Jack-o'-Lantern, 4 Treasure(s), the fighter picking first
    (0, "accept"),  # Help seat 1 for Ghost Sheet, Jack-o'-Lantern, 4 Treasure(s), the fighter picking first
    (0, "pass"),  # Pass
    (2, "on:c96"),  # Put on Pitchfork
    (3, "pass"),  # Pass
    (2, "on:c84"),  # Put on Holiday Lights
    (2, "pass"),  # Pass
    (1, "play:c22"),  # Play Monstrous
    (1, "foe:0"),  # Clown with the Tear-Away Face
    (3, "pass"),  # Pass
    (2, "pass"),  # Pass
    (0, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "ride"),  # Sacrifice Motorized Wheelchair to escape every monster
    (1, "run:c86"),  # Roll to Run Away from Vampire Brothers
    (1, "run:c9"),  # Roll to Run Away from Clown with the Tear-Away Face
    (1, "end"),  # End your turn
    (3, "trade"),  # Offer a trade
    (3, "with:2"),  # Offer seat 2 a trade
    (3, "get:c96"),  # Ask for seat 2's Pitchfork
    (3, "get:c84"),  # Ask for seat 2's Holiday Lights
    (3, "cancel"),  # Call off the offer
    (1, "pass"),  # Pass
    (2, "kick"),  # Kick Open the Door
    (2, "ask:1"),  # Ask seat 1 for help
    (2, "share:2:you"),  # Add 2 of the Treasures, helper picks first
    (2, "item:c84"),  # Add Holiday Lights to the bribe
    (2, "ask"),  # Ask for help, offering Holiday Lights, 2 Treasure(s), the helper picking first
    (1, "refuse"),  # Refuse
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (2, "play:c41"),  # Play Glowing Nose
    (2, "run:c63"),  # Roll to Run Away from Phantom of the Lake
    (0, "take:c96"),  # Take Pitchfork
    (0, "play:c96"),  # Play Pitchfork
    (3, "take:c8"),  # Take Vampire Teddy
    (3, "play:c8"),  # Play Vampire Teddy
    (1, "take:c41"),  # Take Glowing Nose
    (1, "keep"),  # Keep them in your hand
    (1, "trade"),  # Offer a trade
    (1, "cancel"),  # Call off the offer
    (3, "trade"),  # Offer a trade
    (3, "with:1"),  # Offer seat 1 a trade
    (3, "give:c8"),  # Give Vampire Teddy
    (3, "get:c39"),  # Ask for seat 1's Jack-o'-Lantern
    (3, "give:c11"),  # Give Patchwork Dress
    (3, "cancel"),  # Call off the offer
    (3, "on:c8"),  # Put on Vampire Teddy
    (3, "play:c89"),  # Play Pumpkins
    (0, "pass"),  # Pass
    (3, "sell"),  # Sell Items for levels
    (3, "add:c91"),  # Add Gravedigger's Shovel to the sale
    (3, "add:c8"),  # Add Vampire Teddy to the sale
    (3, "add:c6"),  # Add Shiny Ornament to the sale
    (3, "add:c11"),  # Add Patchwork Dress to the sale
    (3, "cancel"),  # Call off the sale
    (3, "kick"),  # Kick Open the Door
    (1, "pass"),  # Pass
    (0, "pass"),  # Pass
    (2, "pass"),  # Pass
    (3, "ask:1"),  # Ask seat 1 for help
    (3, "share:1:me"),  # Add 1 of the Treasures, you pick first
    (3, "item:c6"),  # Add Shiny Ornament to the bribe
    (3, "item:c36"),  # Add Tuba to the bribe
    (3, "item:c89"),  # Add Pumpkins to the bribe
    (
        3,
        "ask",
    ),  # Ask for help, offering Shiny Ornament, Tuba, Pumpkins, 1 Treasure(s), the fighter picking first
    (1, "accept"),  # Help seat 3 for Shiny Ornament, Tuba, Pumpkins, 1 Treasure(s), the fighter picking first
    (1, "pass"),  # Pass
    (3, "pass"),  # Pass
    (2, "pass"),  # Pass
    (0, "pass"),  # Pass
    (3, "take:c92"),  # Take Christmas Wreath
    (1, "keep"),  # Keep them in your hand
    (3, "end"),  # End your turn
    (0, "kick"),  # Kick Open the Door
    (3, "trade"),  # Offer a trade
    (3, "cancel"),  # Call off the offer
    (1, "on:c36"),  # Put on Tuba
    (0, "keep"),  # Keep Enraged
    (0, "loot"),  # Loot the Room
    (1, "pass"),  # Pass
    (0, "end"),  # End your turn
    (1, "trade"),  # Offer a trade
    (1, "with:2"),  # Offer seat 2 a trade
    (1, "give:c36"),  # Give Tuba
    (1, "offer"),  # Offer Tuba for nothing
    (2, "accept"),  # Take Tuba for your nothing
    (1, "on:c6"),  # Put on Shiny Ornament
    (3, "pass"),  # Pass
    (1, "play:c52"),  # Play Santa Boots
    (1, "kick"),  # Kick Open the Door
    (1, "play:c45"),  # Play Hungry
    (0, "pass"),  # Pass
    (3, "pass"),  # Pass
    (2, "pass"),  # Pass
    (1, "pass"),  # Pass
    (1, "carry:c67"),  # Put Snowball on the table
    (1, "play:c72"),  # Play Trick or Treat!
    (1, "to:2"),  # On seat 2
    (2, "on:c36"),  # Put on Tuba
    (1, "sell"),  # Sell Items for levels
    (1, "add:c6"),  # Add Shiny Ornament to the sale
    (1, "add:c89"),  # Add Pumpkins to the sale
    (1, "add:c39"),  # Add Jack-o'-Lantern to the sale
    (1, "add:c69"),  # Add Exploding Present to the sale
    (1, "add:c52"),  # Add Santa Boots to the sale
    (1, "add:c67"),  # Add Snowball to the sale
    (1, "cancel"),  # Call off the sale
    (1, "trade"),  # Offer a trade
    (1, "with:3"),  # Offer seat 3 a trade
    (1, "get:c8"),  # Ask for seat 3's Vampire Teddy
    (1, "give:c67"),  # Give Snowball
    (1, "give:c39"),  # Give Jack-o'-Lantern
    (1, "get:c11"),  # Ask for seat 3's Patchwork Dress
    (1, "give:c52"),  # Give Santa Boots
    (1, "cancel"),  # Call off the offer
    (2, "trade"),  # Offer a trade
    (2, "with:3"),  # Offer seat 3 a trade
    (2, "get:c11"),  # Ask for seat 3's Patchwork Dress
    (2, "give:c36"),  # Give Tuba
    (2, "offer"),  # Offer Tuba for Patchwork Dress
    (3, "accept"),  # Take Tuba for your Patchwork Dress
    (1, "on:c6"),  # Put on Shiny Ornament
    (1, "carry:c69"),  # Put Exploding Present on the table
    (0, "trade"),  # Offer a trade
    (0, "with:1"),  # Offer seat 1 a trade
    (0, "get:c89"),  # Ask for seat 1's Pumpkins
    (0, "get:c69"),  # Ask for seat 1's Exploding Present
    (0, "cancel"),  # Call off the offer
    (1, "on:c52"),  # Put on Santa Boots
    (1, "sell"),  # Sell Items for levels
    (1, "add:c69"),  # Add Exploding Present to the sale
    (1, "add:c39"),  # Add Jack-o'-Lantern to the sale
    (1, "add:c6"),  # Add Shiny Ornament to the sale
    (1, "add:c52"),  # Add Santa Boots to the sale
    (1, "add:c89"),  # Add Pumpkins to the sale
    (1, "cancel"),  # Call off the sale
    (1, "on:c6"),  # Put on Shiny Ornament
    (1, "on:c52"),  # Put on Santa Boots
    (1, "on:c39"),  # Put on Jack-o'-Lantern
    (1, "on:c89"),  # Put on Pumpkins
    (1, "charity"),  # Give away the excess (or discard it, if you are lowest)
]


def test_a_card_discarded_then_shuffled_back_stays_named_in_the_view_and_unplanted():
    replay_and_check(
        "munchkin",
        variant="faster",
        players=4,
        seed="fuzz:2026:4",
        options=OPTIONS,
        choices=CHOICES,
    )
