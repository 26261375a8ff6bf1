def render(state, seat, ui=None):
    return "<svg/>"


def status_text(state, seat):
    return ""
