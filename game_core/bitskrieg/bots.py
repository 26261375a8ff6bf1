from ..engine import Bot
BOTS = {"easy": Bot(), "normal": Bot(), "hard": Bot()}
