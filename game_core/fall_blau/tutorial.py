"""Campaign: Fall Blau's guided first game (see game_core/tutorial.py): the first two turns of the campaign.

A solitaire game: there is no opponent to script, the Soviets are the dice and the event deck, and seed 742
makes them a good lesson: Voronezh's counter-attack costs Paulus a cube, a fuel shortage (a stop card) comes in
the second turn's draw, and Paulus's attack rolls two 6s and a 1 and captures Voronezh.
"""

from ..tutorial import Step, Tutorial

RULES = "rules/fall-blau.html"

TUTORIALS = {
    "fall-blau": Tutorial(
        game="fall-blau", title="Your first turns of Campaign: Fall Blau", seed=742, learner="player",
        level="", minutes=4,
        covers=("choosing three generals for the frontline",
                "orders: one per ready general, who is then exhausted",
                "supply: Advance and Attack! cost it, Consolidate brings 2",
                "local counter-attacks at the end of the turn: each 1 costs a grey cube",
                "stop cards: events that happen as soon as they are drawn",
                "an attack's dice: 3 or more destroys a red cube, a 1 costs a grey cube, and no more losses "
                "than the card had red cubes",
                "capturing a card: its VP and the cards it unlocks",
                "playing an event card from your hand",
                "winning: 27 VP when winter comes"),
        later=(("A Panzer general's second card and his 6s", f"{RULES}#turn"),
               ("Mountains and Fortress cards: -1 on every attack die", f"{RULES}#turn"),
               ("Reorganizing the frontline", f"{RULES}#turn"),
               ("Major counter-attacks", f"{RULES}#more"),
               ("Special attacks with black dice (Luftwaffe, Dora)", f"{RULES}#more"),
               ("Red circles on the VP track and lost generals", f"{RULES}#more"),
               ("Hard Mode and Missions Mode", f"{RULES}#more")),
        steps=(
            Step("You command three German generals, from left to right. Choose Hoth for slot 1: a Panzer general.",
                 expect="general hoth",
                 explain="Each general brings his army as grey cubes: they are his dice in an attack, and his "
                         "life. A general who loses his last cube is gone."),
            Step("Choose Paulus for slot 2: his 6th Army is the strongest, with 6 grey cubes.",
                 expect="general paulus"),
            Step("Choose Ruoff for slot 3.", expect="general ruoff",
                 explain="Early July 1942 begins. Each turn you draw two event cards: you drew a Kampfgruppe and "
                         "a fuel column, and keep both in your hand for later."),
            Step("Orders are given one general at a time. Select Paulus.", command="ui:general=paulus",
                 explain="Each ready general may take one order a turn, and is then exhausted until the next."),
            Step("Order Paulus to advance: click Voronezh, the only unlocked campaign card.",
                 expect="advance paulus voronezh",
                 explain="An Advance costs 1 supply (5 is now 4) and brings a campaign card to the front, in front "
                         "of him, with its red Soviet cubes: 3 for Voronezh. Paulus is now exhausted."),
            Step("Supply is short. Select Hoth to get more.", command="ui:general=hoth"),
            Step("Order Hoth to consolidate.", expect="consolidate hoth",
                 explain="Consolidate brings 2 supply (4 is now 6) and a grey cube back to the general, never more "
                         "than he started with. Every order but this one costs supply."),
            Step("Ruoff has nothing to do this turn. End the turn.", expect="end",
                 explain="At the end of the turn each card on the front counter-attacks the general facing it: one "
                         "die per red cube, and each 1 destroys a grey cube. Voronezh rolled 3, 1 and 4: Paulus "
                         "lost a cube. Then Mid July began, and you drew a fuel shortage. It has the stop sign: "
                         "it happens at once and cost you 2 supply (6 is now 4)."),
            Step("Paulus is ready again. Select him.", command="ui:general=paulus"),
            Step("Order Paulus to attack Voronezh, right in front of him: click the card.",
                 expect="attack paulus 2",
                 explain="An attack costs 1 supply and rolls one white die per grey cube: 5 for Paulus. He rolled "
                         "6, 6, 4, 3 and 1. Each 3 or more destroys a red cube and each 1 destroys one of his "
                         "grey cubes, but never more than the card had red cubes. All 3 are gone: Voronezh is "
                         "captured for 1 VP, and unlocks Rossosh and Millerovo."),
            Step("Paulus is down to 4 cubes. Play your Kampfgruppe card on him to give him one back.",
                 expect="play kampfgruppe paulus",
                 explain="Event cards in your hand can be played at any time in your turn, or kept for later (five "
                         "at most). You win with 27 VP when the Soviet winter comes after Late November, so keep "
                         "advancing, attacking and consolidating. That is all a first game needs."),
        ),
    ),
}
