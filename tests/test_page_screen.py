"""Where things go on the game page's screen, decided in game_core/screen.py from what the browser measured
(web/glue/drawing.py, follow.py and tutorial.py measure and move): the touch zoom, the hit areas of small
targets, the slide of a moved piece, the dock's swipe, and what is scrolled into view after a frame."""

from game_core import screen


def test_a_touch_board_zooms_until_its_smallest_target_is_finger_sized_at_most_twice_and_stays_zoomed():
    assert screen.zoom(1.0, [30.0, 60.0]) == screen.TOUCH_TARGET_PX / 30
    assert screen.zoom(1.0, [10.0]) == screen.MAX_ZOOM == 2
    assert screen.zoom(1.0, [50.0]) == 1.0  # large enough: no zoom
    assert screen.zoom(1.6, [50.0]) == 1.6  # a zoom once needed stays while a bot moves
    assert screen.zoom(1.3, []) == 1.3


def test_only_a_shown_target_under_44_px_gets_a_hit_area_of_44_px_centred_on_its_drawing():
    assert screen.too_small(30, 50) and screen.too_small(50, 43.9)
    assert not screen.too_small(44, 44) and not screen.too_small(0, 10)  # (0: not shown)
    area = screen.hit_area((10.0, 20.0, 4.0, 30.0), scale=2.0)  # 44.5 px is 22.25 units at 2 px a unit
    assert area == {"x": "0.9", "y": "20.0", "width": "22.2", "height": "30.0"}
    assert screen.hit_area((0.0, 0.0, 10.0, 10.0), scale=0.0)["width"] == "44.5"  # (no scale read: 1)


def test_a_zoomed_board_pans_to_its_first_choice_only_when_none_is_in_view():
    view = (0.0, 0.0, 100.0, 100.0)
    assert screen.reveal(view, [(150.0, 50.0, 20.0, 20.0), (90.0, 90.0, 20.0, 20.0)]) is None  # one overlaps
    assert screen.reveal(view, [(150.0, 250.0, 20.0, 10.0), (300.0, 0.0, 5.0, 5.0)]) == (110.0, 205.0)
    assert screen.reveal(view, []) is None


def test_a_piece_slides_back_from_where_it_was_in_its_drawings_units_when_it_moved():
    assert screen.slide((110.0, 40.0), (100.0, 20.0), 2.0) == (5.0, 10.0)
    assert screen.slide((100.2, 20.2), (100.0, 20.0), 1.0) is None  # (a rounding, not a move)
    assert screen.slide((103.0, 20.0), (100.0, 20.0), 0.0) == (3.0, 0.0)


def test_a_swipe_up_the_dock_shows_every_choice_down_shortens_it_and_a_short_move_is_no_swipe():
    assert screen.swipe(-40) is True and screen.swipe(55) is False
    assert screen.swipe(-39.5) is None and screen.swipe(10) is None


def test_news_is_brought_into_view_with_the_nearest_place_to_play_when_both_fit():
    band = (0.0, 500.0)
    marks = [(600.0, 650.0), (700.0, 720.0)]
    targets = [(100.0, 140.0), (760.0, 800.0)]
    assert screen.follow_span(band, targets, marks) == (600.0, 800.0)
    far = [(100.0, 140.0), (1200.0, 1240.0)]
    assert screen.follow_span(band, far, marks) == (600.0, 720.0)  # together they would not fit
    assert screen.follow_span(band, [(1080.0, 1090.0)], [(600.0, 650.0)]) == (600.0, 650.0)  # (not with the margins)
    assert screen.follow_span(band, [(1060.0, 1076.0)], [(600.0, 650.0)]) == (600.0, 1076.0)
    assert screen.follow_span(band, [], [(600.0, 900.0), (1000.0, 1200.0)]) == (600.0, 900.0)  # the first alone


def test_without_news_a_place_to_play_is_shown_only_when_none_is_wholly_in_view():
    band = (0.0, 500.0)
    assert screen.follow_span(band, [(450.0, 520.0), (900.0, 950.0)], []) == (450.0, 520.0)
    assert screen.follow_span(band, [(100.0, 140.0), (900.0, 950.0)], []) is None
    assert screen.follow_span(band, [], []) is None


def test_the_page_scrolls_the_least_centring_what_it_shows_or_to_its_top_when_it_is_taller():
    band = (0.0, 500.0)
    assert screen.scroll_by(band, (100.0, 200.0)) is None
    assert screen.scroll_by(band, (600.0, 700.0)) == 400.0
    assert screen.scroll_by(band, (600.0, 1200.0)) == 600.0 - screen.MARGIN_PX
    assert screen.scroll_by(band, (-100.0, -50.0)) == -325.0


def test_a_lessons_lit_element_out_of_sight_is_scrolled_to_the_middle_of_what_the_learner_sees():
    assert screen.lesson_scroll((100.0, 150.0), 400.0) is None
    assert screen.lesson_scroll((500.0, 550.0), 400.0) == 325.0
    assert screen.lesson_scroll((-80.0, -30.0), 400.0) == -255.0
    assert screen.lesson_scroll((100.0, 600.0), 400.0) == 100.0  # taller than the view: its top at the top
