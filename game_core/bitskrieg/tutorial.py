"""Bitskrieg's guided first game (see game_core/tutorial.py): the whole set-up, then three turns, you as Blue.

Red, the scripted opponent, chooses the axis (the option "Who chooses the axis"), so you choose your home
edge and move first. Seed 3 rolls obstacles on b3 and b4 beside your base; Red's long shot misses, and your
Light Tank's shot at b5 counts round the obstacle on b4, hits and destroys.

Each placement and each move takes two clicks, as on a phone: the square, then the facing.
"""

from ..tutorial import Step, Tutorial


def opponent(action: str, say: str, explain: str = "") -> Step:
    return Step(say, expect=action, explain=explain, by="opponent")


def deploy(cls: str, square: str, name: str, explain: str = "") -> tuple:
    """Place a tank of your base: its square, then its facing (north, toward Red)."""
    return (Step(f"Place your {name}: click {square}, on your home edge.", command=f"ui:to=deploy {cls} {square}"),
            Step("Face it north, toward Red: click the facing that points up.", expect=f"deploy {cls} {square} n",
                 explain=explain))


RULES = "rules/bitskrieg.html"

TUTORIALS = {
    "bitskrieg": Tutorial(
        game="bitskrieg", title="Your first game of Bitskrieg", seed=3, learner="blue",
        options={"axis_chooser": "red"}, script_options=("axis_chooser",), level="easy", minutes=6,
        covers=("obstacles placed by two dice: the column, then the row",
                "the tanks' three ratings (speed, fire, armor) and the secret pick of five",
                "the axis, the home edge, and placing tanks on it facing a square",
                "two flags on dice squares, never in one row or column",
                "a turn is one thing: move one tank, fire with one, or flip the finished ones",
                "moving forward and turning; a tank that moved or fired is finished",
                "facing: a tank fires only at squares in front of it",
                "range counting, and a diagonal blocked by an obstacle beside it",
                "a shot's dice: a range die above the range, then damage dice above the armor",
                "winning: both enemy flags held, or every enemy tank destroyed"),
        later=(("Rebuilding a destroyed tank", f"{RULES}#turn"),
               ("Tank Destroyers count range only straight ahead", f"{RULES}#turn"),
               ("Enemy tanks block range counting too", f"{RULES}#turn"),
               ("Capturing a flag by stopping on it", f"{RULES}#turn"),
               ("The advanced rules: flank armor, bounding fire, stun, reverse, ramming, terrain and more",
                f"{RULES}#advanced")),
        steps=(
            Step("You are Blue. Six obstacles go on the board first. Roll two dice for the first one.",
                 expect="roll",
                 explain="The first die gives the column, the second the row: the inner squares show their pair "
                         "of dice. 3 and 5 put it on d6. Tanks cannot enter obstacles."),
            opponent("roll", "Red rolled 1 and 2: an obstacle on b3."),
            Step("Roll for the third obstacle.", expect="roll", explain="1 and 3: an obstacle on b4."),
            opponent("roll", "Red rolled 5 and 4: an obstacle on f5."),
            Step("Roll for the fifth obstacle.", expect="roll", explain="6 and 6: an obstacle on g7."),
            opponent("roll", "Red rolled 5 and 2: the last obstacle is on f3. The battlefield is ready."),
            Step("Now pick five of your twelve tanks in secret. Take a Light Tank: the fastest, but thinly armored.",
                 expect="pick L",
                 explain="Every tank has three ratings. Speed: how many squares it enters in a move (3 here). Fire: "
                         "how many damage dice it rolls (1). Armor: what an enemy's damage die must beat (3)."),
            Step("Take a Medium Tank: speed 2, fire 1, armor 4.", expect="pick M"),
            Step("Take a second Medium Tank.", expect="pick M"),
            Step("Take a Heavy Tank: slow, with speed 1, but it rolls two damage dice and has armor 5.",
                 expect="pick H"),
            Step("Take a second Heavy Tank to finish your five.", expect="pick H",
                 explain="Red picks its five in secret too: you only see them once they are on the board."),
            opponent("pick H", "Red picks its first tank."),
            opponent("pick H", "Red picks its second tank."),
            opponent("pick L", "Red picks its third tank."),
            opponent("pick M", "Red picks its fourth tank."),
            opponent("pick D", "Red picks its fifth tank."),
            opponent("axis ns", "Red chose the north-south axis: the home edges are the north and south sides."),
            Step("Choose the south edge as your home. Choosing the edge means you set up first and move first.",
                 expect="home s",
                 explain="Your tanks start on your home edge, on the squares without dice: your base."),
            *deploy("H", "b1", "first Heavy Tank",
                    "A tank always faces one of its sides. It moves only forward, and fires only at squares in "
                    "front of it: beyond the line of its front edge."),
            *deploy("H", "f1", "second Heavy Tank"),
            *deploy("L", "c1", "Light Tank"),
            *deploy("M", "d1", "first Medium Tank"),
            *deploy("M", "g1", "second Medium Tank", "Now Red sets up on the north edge."),
            opponent("deploy D c8 s", "Red placed a Tank Destroyer on c8, facing you."),
            opponent("deploy H a8 s", "Red placed a Heavy Tank on a8."),
            opponent("deploy H e8 s", "Red placed a Heavy Tank on e8."),
            opponent("deploy L b8 s", "Red placed a Light Tank on b8."),
            opponent("deploy M g8 s", "Red placed a Medium Tank on g8."),
            Step("Place your two flags on squares with dice. Put the first on b2, near home.", expect="flag b2",
                 explain="You win by holding both of Red's flags with your tanks at the start of your turn, or by "
                         "destroying all of Red's tanks. Red wins the same way."),
            Step("Put the second flag on g3: your two flags may not share a row or a column.", expect="flag g3"),
            opponent("flag d7", "Red placed a flag on d7."),
            opponent("flag f6", "Red placed its second flag on f6. The battle begins, and you move first."),
            Step("Each turn you do one thing with one tank. Select your Light Tank on c1.", command="ui:tank=c1",
                 explain="A turn is one of: move one ready tank, fire with one, flip all your finished tanks to "
                         "ready, or rebuild a destroyed one."),
            Step("Send it three squares forward: click c4.", command="ui:to=move c1 c4"),
            Step("Keep it facing north: click the facing that points up.", expect="move c1 c4 n",
                 explain="It entered three squares, its speed, moving forward only. It may turn 90 degrees as it "
                         "enters a square; turning on the spot uses up one square. Having moved, it is finished: "
                         "it cannot move or fire again until you flip it."),
            opponent("fire a8 c4", "Red's Heavy Tank on a8 fired at your Light Tank, 4 squares away.",
                     "Range is counted square by square, straight or diagonal, through squares in front of the "
                     "firing tank. To hit, a die must roll higher than the range: Red rolled 3 against range 4. "
                     "A miss."),
            Step("Your Light Tank is finished. Spend this turn flipping your finished tanks back to ready.",
                 expect="flip",
                 explain="Flipping readies every finished tank at once, but it takes your whole turn."),
            opponent("move b8 b5 s", "Red's Light Tank raced from b8 to b5, next to your Light Tank's front."),
            Step("Red's tank is in front of yours. Select your Light Tank on c4.", command="ui:tank=c4"),
            Step("Fire at the Red Light Tank on b5: click the target ring on it.", expect="fire c4 b5",
                 explain="b5 is one diagonal step away, but a diagonal step is not allowed when an obstacle is on "
                         "either side of it, and b4 is one. So the count goes round: c5, then b5, range 2. The range "
                         "die rolled 5, higher than 2: a hit. Then the damage dice, one per point of fire: a 4, "
                         "higher than the Light Tank's armor of 3, destroys it. That is all a first game needs."),
        ),
    ),
}
