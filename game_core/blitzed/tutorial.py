"""Blitzed!'s guided first game (see game_core/tutorial.py): one round for three players, you as Red.

The race is real time at the table, but not here: the two other players are scripted steps, played
right after your click, and nothing moves on a clock (the page must not let the bots act while a
lesson runs). Seed 628 deals 1-2-3 under the +1 and sum 10 under the 0, and rolls you a 2 and a 3.
"""

from ..tutorial import Step, Tutorial


def opponent(action: str, say: str, explain: str = "") -> Step:
    return Step(say, expect=action, explain=explain, by="opponent")


RULES = "rules/blitzed.html"

TUTORIALS = {
    "blitzed": Tutorial(
        game="blitzed", title="Your first round of Blitzed!", seed=628, learner="p1", options={"players": 3},
        level="normal", minutes=3,
        covers=("the task cards under the win/loss cards: a sum or exact dice, and the -2 left empty",
                "Ready, then everyone rolls at once",
                "setting dice aside and rolling the others again",
                "claiming a task with your thunder card: a claimed card is blocked",
                "scoring: +1, 0, and -2 for whoever is left without a claim"),
        later=(("Moving your thunder card or taking it back while others still roll", f"{RULES}#round"),
               ("A wrong claim costs 2 bolts", f"{RULES}#scoring"),
               ("The end of the game, and ties", f"{RULES}#end"),
               ("Playing with 4 or 5 players", f"{RULES}#table")),
        steps=(
            Step("You are Red. Read the two task cards: 1-2-3 under the +1 card, and sum 10 under the 0 card. "
                 "Press Ready when you have read them.",
                 expect="p1 ready",
                 explain="Each task card lies under a win/loss card. The -2 card has no task: it goes to "
                         "whoever is left without one when the round ends."),
            opponent("p2 ready", "Blue is ready."),
            opponent("p3 ready", "Green is ready. Blitz! The race is on: everyone rolls at the same time."),
            Step("Roll your three dice.", expect="p1 roll",
                 explain="You rolled 2, 6 and 3. The 2 and the 3 already fit 1-2-3: only the 6 is wrong."),
            opponent("p2 roll", "Blue rolled 5, 1 and 2."),
            opponent("p3 roll", "Green rolled 2, 5 and 6."),
            Step("Keep your 2: click that die to set it aside.", expect="p1 keep 1",
                 explain="A die set aside stays as it is when you roll again."),
            Step("Keep your 3 as well: click it.", expect="p1 keep 1,3",
                 explain="Now only the 6 is free. You can pick a die back up at any time by clicking it again."),
            Step("Roll again: only the free die rolls.", expect="p1 roll",
                 explain="A 1! Your dice show 2, 1 and 3: that makes 1-2-3. The order does not matter."),
            opponent("p2 roll", "Blue rolled all three dice again: 6, 1 and 3, which add up to 10."),
            opponent("p2 claim T8", "Blue slammed its thunder card on sum 10, the 0 card.",
                     "A claimed card is blocked: nobody else can take it. Only 1-2-3 is left, so hurry."),
            Step("Claim 1-2-3: click the card to put your thunder card on it.", expect="p1 claim T14",
                 explain="You claimed the last task, so the round ends and is scored. You made 1-2-3 on the +1 "
                         "card: you gain a bolt (9 now). Blue made its sum on the 0 card: no change. Green was "
                         "left over with the -2 card and pays 2 bolts (6 now). Every task needs all three "
                         "dice, and a claim your dice do not make costs 2 bolts."),
            Step("New task cards are dealt for the next round. Read them and press Ready to finish.",
                 expect="p1 ready",
                 explain="Rounds go on like this. The game ends after a round in which someone cannot pay what "
                         "they owe; whoever has the most bolts then wins. That is all a first game needs."),
        ),
    ),
}
