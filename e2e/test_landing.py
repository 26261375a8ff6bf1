from support import built_games


def test_landing_lists_all_five_games(page, site_url, off_origin):
    page.goto(f"{site_url}/")
    cards = page.locator("[data-card]")
    assert cards.count() == 5  # Blitzkrieg!, its Nippon Expansion, Bitskrieg, Blitzed!, Campaign: Fall Blau
    for game in built_games():
        assert page.locator(f'[data-card="{game}"] a').first.get_attribute("href") == f"./{game}.html"
    assert off_origin == []
