"""Blitzkrieg!'s guided first games: against the AI, against the solo module, and Nippon (see game_core/tutorial.py).

Each placement is two clicks, as on the page: the unit in your reserve (a tray button), then the space.
"""

from ..tutorial import Step, Tutorial


def choose(kind: str, say: str, explain: str = "") -> Step:
    """Pick the unit `kind` in your reserve (the tray's button)."""
    return Step(say, command=f"ui:token={kind}", explain=explain)


RULES = "rules/blitzkrieg.html"
NIPPON_RULES = "rules/blitzkrieg-nippon.html"


def opponent(action: str, say: str, explain: str = "") -> Step:
    return Step(say, expect=action, explain=explain, by="opponent")


BASE = Tutorial(
    game="blitzkrieg", title="A first game of Blitzkrieg!", seed=28, learner="axis", minutes=4, level="easy",
    covers=("placing a unit: land, sea and land/sea spaces, the topmost open campaign",
            "the battle marker moving by the unit's strength",
            "space effects: industrial production, bombing, tactical and strategic advantage, research",
            "closing a campaign: the side the marker favours scores its VP, plus the track's VP icons",
            "winning: 25 war VP, the Allies' last turn"),
    later=(("Special weapons (elite, task force, blitz, bombing, nuclear bomb, spy, scientist)", f"{RULES}#units"),
           ("Generals and admirals", f"{RULES}#units"),
           ("Winning a whole theater by reaching the end of its track", f"{RULES}#closing"),
           ("Losing by having no unit that fits", f"{RULES}#end")),
    steps=(
        choose("A3", "You play the Axis and move first. Your reserve holds three units: pick the army of strength 3.",
               "Armies go on land or land/sea spaces, navies on sea or land/sea spaces, airforces anywhere, and "
               "always in the topmost open campaign of a theater (the outlined row). The board marks every space "
               "this army may take; the lesson lights the one to use."),
        Step("Place it on Eastern Europe 1.2, the land space with the factory (industrial production).",
             expect="A3@EE1.2",
             explain="The Eastern Europe battle marker moved 3 squares toward you, one per point of strength. "
                     "Industrial production drew you an extra unit, and every turn ends with one more draw."),
        opponent("N2@PO1.1", "The Allies placed a navy (2) on Pacific Ocean 1.1, a bombing space.",
                 "Bombing sends one unit of the other side's reserve, chosen at random, back to its bag: you "
                 "lost a navy."),
        choose("A2", "Eastern Europe's first campaign has one space left. Pick your army of strength 2 to finish it."),
        Step("Place it on Eastern Europe 1.1 (tactical advantage +1).", expect="A2@EE1.1",
             explain="Tactical advantage moved the marker 1 more, then the army 2: it stands 6 toward you. The "
                     "campaign's last space is filled, so it closes and the side the marker favours scores its "
                     "2 VP, plus 1 for each VP icon on the track the marker has reached (the first at 5): 3 VP."),
        opponent("F1@SA1.1", "The Allies placed an airforce (1) on South East Asia 1.1, a propaganda space.",
                 "Propaganda scores war VP straight away: the Allies gained 2."),
        choose("A1", "Pick your army of strength 1: its space matters more than its strength."),
        Step("Place it on Africa & Middle East 1.1 (strategic advantage +3).", expect="A1@AM1.1",
             explain="Strategic advantage moves the marker of another open theater, never its last square. "
                     "You choose where."),
        Step("Use it on the Pacific Ocean, where the Allies lead by 2 and the campaign has one space left.",
             expect="sa:PO",
             explain="The Pacific marker went from 2 toward the Allies to 1 toward you."),
        opponent("N3@SA1.2", "The Allies placed a navy (3) on South East Asia 1.2, propaganda again (1 VP).",
                 "South East Asia's marker is now 4 toward the Allies: its campaign will be theirs when it closes."),
        choose("N2", "Pick your navy of strength 2: the last Pacific space is a sea space."),
        Step("Place it on Pacific Ocean 1.2 (research) to close the campaign.", expect="N2@PO1.2",
             explain="Research put a special weapon into your bag: you may draw it later. The Pacific marker is 3 "
                     "toward you as the campaign closes, so its 2 VP are yours: 5 VP to the Allies' 3. The first "
                     "side to 25 war VP at the end of a turn wins; if the Axis gets there first, the Allies still "
                     "have one last turn, and a tie goes to them. That is all a first game needs."),
    ),
)

SOLO = Tutorial(
    game="blitzkrieg", title="The solo module", seed=15, learner="allies",
    options={"mode": "solo", "difficulty": "easy"}, minutes=4, level="solo",
    covers=("the difficulty rolls that push tracks toward the Axis at the start, and choosing for a 6",
            "the solo module's turn: a stratagem, a die for its unit, its priority lists",
            "its face-up row, and bombing it: you choose the unit it loses",
            "it closes any campaign it can win"),
    later=(("Every stratagem and its priority lists", f"{RULES}#solo"),
           ("The harder difficulties", f"{RULES}#solo")),
    steps=(
        Step("You play the Allies; the solo module plays the Axis. At the start it rolled dice that pushed two "
             "tracks 1 square toward the Axis, and a 6 lets you choose the third: choose the Pacific Ocean.",
             expect="setup:PO",
             explain="On easy each roll pushes 1 square; harder difficulties roll more and push further."),
        opponent("A3@AM1.1", "The Axis turn: the solo module drew the stratagem Big Guns and rolled a die for its unit. "
                 "It took Africa & Middle East (the open campaign with the most empty spaces), the strategic "
                 "advantage space first on its list, and the unit its die pointed to: an army (3).",
                 "Its five units lie face up in a row at the foot of the board: you always see what it can play."),
        opponent("sa:WE", "Its strategic advantage went to Western Europe, by the same stratagem's list."),
        choose("N1", "Your turn. Pick your navy (1): Pacific Ocean 1.1 is a bombing space."),
        Step("Place it on Pacific Ocean 1.1 to bomb the Axis row.", expect="N1@PO1.1",
             explain="Against the solo module, bombing is your choice, not chance: you pick the unit of its row "
                     "that goes back to its bag."),
        Step("Send its second unit, the army (3), back to its bag: its strongest regular unit.", expect="bomb:2",
             explain="Only regular units can be bombed while the row holds any."),
        opponent("N2@PO1.2", "The solo module drew Research & Development. It looks first for a campaign it can "
                 "close and win: your navy left the Pacific's first campaign one space short with the marker "
                 "in the centre, so its navy (2) took it, with 2 VP and a special weapon.",
                 "Leave no campaign one space short unless you lead it by more than the Axis units can push back."),
        choose("A3", "Pick your army (3)."),
        Step("Place it on Eastern Europe 1.2 (industrial production): you draw an extra unit.", expect="A3@EE1.2",
             explain="The Eastern Europe marker went from 1 toward the Axis to 2 toward you."),
        opponent("A2@EE1.1", "For the Glory this time, but the same first rule: Eastern Europe's first campaign "
                 "could be closed and won, so its army (2) took the last space and its 2 VP.",
                 "The solo module always takes a campaign it can close and win: fill a campaign's last space "
                 "yourself, or make sure you lead it by more than 3."),
        choose("F1", "Pick your airforce (1): airforces go on any kind of space."),
        Step("Place it on South East Asia 1.1: propaganda scores 2 war VP at once.", expect="F1@SA1.1",
             explain="You have 2 VP to the Axis's 4. The rest is the game you know: first to 25 war VP at the end "
                     "of a turn, and the Allies, moving second, have the last turn."),
    ),
)

NIPPON = Tutorial(
    game="blitzkrieg-nippon", title="Nippon: what is new", seed=19, learner="japan", minutes=3,
    level="easy",
    covers=("one campaign per city, four open at the start",
            "Godzilla: strength 4, both an army and a navy",
            "the +1/+2/+3 end squares: reaching them wins the campaign at once",
            "the unoccupied spaces' effects, then opening a connected campaign with a head start",
            "Germany has the last turn"),
    later=(("Partisans and Inspired Leadership", f"{NIPPON_RULES}#units"),
           ("A campaign closed by filling its spaces", f"{NIPPON_RULES}#closing"),
           ("The map: which cities are joined", f"{NIPPON_RULES}#map")),
    steps=(
        choose("GZ", "Nippon is Blitzkrieg! on a map of the USA: you are Japan, coming from the Pacific, and you "
               "move first. Pick Godzilla.",
               "Godzilla is strength 4 and counts as both an army and a navy, so it fits every space."),
        Step("Place it on Honolulu space 1 (tactical advantage +1), a sea space.", expect="GZ@HO1.1",
             explain="Tactical advantage and Godzilla moved the Honolulu marker 5 toward you, onto the +2 square. "
                     "In Nippon the last three squares of each end win the campaign at once: its 3 VP are yours."),
        Step("A campaign won this way also gives you the effects of its empty spaces. Take propaganda first.",
             expect="fx:HO1.3", explain="Propaganda scored 1 VP, and research put a special weapon into your bag."),
        Step("Now open a city joined to Honolulu by a line: San Francisco.", expect="open:SF",
             explain="Its marker starts 2 squares toward you: the square you won Honolulu on (+2)."),
        opponent("A2@BO1.2", "Germany, coming from the Atlantic, placed an army (2) on Boston space 2 (research)."),
        choose("N3", "Pick your navy (3)."),
        Step("Place it on Seattle space 1 (industrial production), a sea space.", expect="N3@SE1.1",
             explain="You drew an extra unit. The rest is the base game: 25 war VP wins at the end of a turn, and "
                     "Germany, moving second, has the last turn and wins a tie. A campaign also closes when its "
                     "last space is filled: then the side the marker favours scores, and whoever filled it opens "
                     "the next city."),
    ),
)

TUTORIALS = {"blitzkrieg": BASE, "blitzkrieg-solo": SOLO, "blitzkrieg-nippon": NIPPON}
