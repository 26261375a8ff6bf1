#!/usr/bin/env bash
# Install everything the tests need on a fresh Debian machine, build the site, run every test.
#   Debian: chromium (Playwright drives it; `playwright install` is never run), firefox-esr (driven over
#           WebDriver BiDi), webkit2gtk-driver (WebKitWebDriver and the MiniBrowser) and xvfb (its screen):
#           the three engines of e2e/test_engines.py
#   PyPI:   requirements-test.txt into .venv      npm: the pinned runtime (build/package-lock.json)
# `bash build/test.sh mutation [fast|core|GAME|full]`: mutation testing instead (docs/mutation.md).
# `bash build/test.sh long`: the long set instead, the full counts of the runs every other run samples (and
#   every case of the e2e tests marked `sampled`: each game in each engine and size).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
missing=()  # the Debian packages of the three browser engines, by a command each installs
for pair in chromium:chromium firefox-esr:firefox-esr WebKitWebDriver:webkit2gtk-driver xvfb-run:xvfb; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! command -v npm >/dev/null 2>&1; then
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nodejs npm >/dev/null
fi
if [ ! -x .venv/bin/python ] || ! cmp -s requirements-test.txt .venv/requirements-test.txt; then
  python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r requirements-test.txt
  cp requirements-test.txt .venv/requirements-test.txt
fi

# Mutation testing with mutmut, in a scratch copy (mutmut writes its mutants/ next to the code). Scopes:
#   fast: records.py against its tests (CI, about a minute); core: engine.py, session.py, records.py,
#   flow.py, new_game.py, dialogs.py, sound.py, review_replay.py, remote_session.py and remote/live.py (the
#   page's decisions: its controller and timers, new-game dialog, saves and share dialogs, sound cues, the
#   review's viewer, remote play's panel, addresses and live peer) against their fast
#   tests; a game (blitzed, fall_blau, blitzkrieg, bitskrieg): its rules (and its words.py, the log's
#   wording moved out of the rules) against its
#   own tests, less the long random-game runs and the board-layout checks (they only cost time: the rules
#   tests kill what they would);
#   full: core and then each game. MUTMUT_CHILDREN (default: every core) sets mutmut's --max-children.
mutation() {
  local scope="${1:-core}" work sources tests slow root start
  if [ "$scope" = full ]; then
    local failed=0 one
    for one in core blitzed fall_blau blitzkrieg bitskrieg; do mutation "$one" || failed=1; done
    return "$failed"
  fi
  root="$PWD"
  slow=""
  case "$scope" in
    fast) sources="game_core/records.py"
          tests="tests/test_records.py tests/test_core_saves.py" ;;
    core) sources="game_core/engine.py game_core/session.py game_core/records.py game_core/flow.py game_core/new_game.py
                   game_core/dialogs.py game_core/sound.py game_core/review_replay.py game_core/remote_session.py game_core/remote/live.py
                   game_core/page.py game_core/screen.py game_core/page_state.py game_core/dock.py"
          tests="tests/test_dialogs.py tests/test_sound.py tests/test_review_replay.py tests/test_page_storage.py
                 tests/test_remote_page.py tests/test_remote_live.py tests/test_page_timers.py tests/test_page_frame.py
                 tests/test_page_screen.py tests/test_page_state.py tests/test_dock.py tests/test_flow.py tests/test_core_engine.py
                 tests/test_core_saves.py tests/test_core_session.py tests/test_session.py tests/test_records.py
                 tests/test_controller.py tests/test_new_game.py
                 tests/test_core_declared.py tests/test_core_old_saves.py tests/test_bitskrieg_old_saves.py tests/test_core_edges.py" ;;
    blitzed) sources="game_core/blitzed/rules.py game_core/blitzed/words.py"
          tests="$(echo tests/test_blitzed_*.py)"
          slow="test_blitzed_play.py::test_seeded_bot_games_conserve_bolts_and_never_claim_a_card_twice
                test_blitzed_play.py::test_thousand_random_games_keep_the_invariants
                test_blitzed_play.py::test_simulate_cli_finishes
                test_blitzed_play.py::test_bot_games_on_a_virtual_clock_finish_and_misclaims_happen
                test_blitzed_newcomer.py::test_a_simulated_first_time_player_wins_a_third_of_rounds
                test_blitzed_table.py::test_the_drawing_is_as_wide_as_the_screen_and_no_text_leaves_it
                test_blitzed_table.py::test_no_tray_control_is_drawn_again_and_every_target_is_named_by_its_visible_text" ;;
    fall_blau) sources="game_core/fall_blau/rules.py"
          tests="$(echo tests/test_fall_blau_*.py)"
          slow="test_fall_blau_props.py::test_a_thousand_random_games_keep_the_invariants
                test_fall_blau_props.py::test_registered_and_cli_simulation_exits_cleanly
                test_fall_blau_props.py::test_board_offers_only_legal_clicks_and_always_one
                test_fall_blau_props.py::test_notation_round_trip_and_illegal_actions_leave_the_state_alone
                test_fall_blau_board.py::test_no_text_leaves_its_card_badge_button_or_the_board
                test_fall_blau_board.py::test_a_phone_gets_a_tall_drawing_with_text_of_at_least_11_px
                test_fall_blau_board.py::test_the_board_never_repeats_a_tray_control_and_names_begin_with_the_visible_text" ;;
    blitzkrieg) sources="game_core/blitzkrieg/rules.py game_core/blitzkrieg/nippon.py game_core/blitzkrieg/solo.py game_core/blitzkrieg/words.py"
          tests="$(echo tests/test_blitzkrieg_*.py)"
          slow="test_blitzkrieg_properties.py::test_invariants_over_1000_random_games
                test_blitzkrieg_nippon.py::test_invariants_over_1000_random_games
                test_blitzkrieg_properties.py::test_simulate_cli_exits_zero
                test_blitzkrieg_nippon.py::test_simulate_cli
                test_blitzkrieg_solo.py::test_simulate_cli_solo
                test_blitzkrieg_bots.py::test_easy_beats_random_from_both_sides
                test_blitzkrieg_bots.py::test_hard_against_the_solo_module_reads_only_the_view
                test_blitzkrieg_table.py::test_an_action_s_name_begins_with_its_visible_text_and_the_board_has_a_title
                test_blitzkrieg_table.py::test_the_tray_and_the_board_never_offer_the_same_control
                test_blitzkrieg_svg.py::test_decisions_are_offered_in_the_tray_not_the_board
                test_blitzkrieg_svg.py::test_no_text_runs_out_of_its_panel_or_the_board
                test_blitzkrieg_svg.py::test_clicking_the_board_and_tray_finishes_games_and_status_reads
                test_blitzkrieg_solo.py::test_random_solo_games_finish_deterministically_and_round_trip
                test_blitzkrieg_nippon.py::test_mid_game_round_trip_notation_and_illegal_actions_leave_state_unchanged
                test_blitzkrieg_partisans.py::test_random_games_with_both_options_finish_and_reload
                test_blitzkrieg_bots.py::test_solo_mode_seats_a_person_as_the_allies_and_the_ai_can_take_that_seat
                test_blitzkrieg_properties.py::test_notation_round_trip_for_every_legal_action" ;;
    bitskrieg) sources="game_core/bitskrieg/rules.py game_core/bitskrieg/words.py"
          tests="$(echo tests/test_bitskrieg_*.py)"
          slow="test_bitskrieg_properties.py::test_thousand_random_games_keep_invariants
                test_bitskrieg_properties.py::test_simulate_cli_exits_zero
                test_bitskrieg_play.py::test_normal_bot_beats_random_play
                test_bitskrieg_bots.py::test_the_searching_levels_finish_within_the_cap
                test_bitskrieg_table.py::test_the_tray_is_not_drawn_again_and_names_begin_with_the_visible_text
                test_bitskrieg_table.py::test_no_text_leaves_its_box_or_overlaps_another
                test_bitskrieg_table.py::test_a_phone_game_is_played_to_the_end_with_finger_sized_targets" ;;
    *) echo "unknown mutation scope $scope: fast, core, blitzed, fall_blau, blitzkrieg, bitskrieg or full" >&2
       return 2 ;;
  esac
  for t in $slow; do tests="$tests --deselect=tests/$t"; done
  work="$(mktemp -d)"
  cp -r game_core tests pyproject.toml "$work"/
  rm -rf "$work/tests/pyodide"
  mkdir "$work/web" && cp -r web/rules "$work/web/"  # the rules pages some tests read
  {
    echo "[mutmut]"
    echo "source_paths = game_core"
    echo "also_copy = web"
    echo "only_mutate ="; for f in $sources; do echo "    $f"; done
    echo "pytest_add_cli_args_test_selection ="; for t in $tests; do echo "    $t"; done
    echo "pytest_add_cli_args = -p no:cacheprovider -x"
  } > "$work/setup.cfg"
  start=$SECONDS
  (cd "$work" && "$root/.venv/bin/mutmut" run --max-children "${MUTMUT_CHILDREN:-$(nproc)}" >/dev/null 2>&1 || true
   "$root/.venv/bin/mutmut" results --all true > results.txt 2>/dev/null
   # Equivalent mutants (no test can tell them from the code) are listed in docs/mutation.md as `name`.
   grep -o '`game_core\.[^`]*__mutmut_[0-9]*`' "$root/docs/mutation.md" | tr -d '`' | sort -u > equivalent.txt || true
   echo "$scope: mutants and results in $work (mutmut show NAME there shows one), $(( (SECONDS - start) / 60 )) min"
   awk -F': ' -v scope="$scope" 'NR == FNR { equivalent[$1] = 1; next }
     { gsub(/^ +/, "", $1); total++
       if ($2 == "killed" || $2 == "timeout" || $2 == "segfault") killed++
       else if ($1 in equivalent) same++
       else { alive++; print "not killed (" $2 "): " $1 } }
     END { score = (total > same) ? 100 * killed / (total - same) : 100
           printf("%s: mutants %d, killed %d, equivalent %d, not killed %d, score %.1f%%\n", scope, total, killed, same, alive, score)
           exit (alive > 0) }' equivalent.txt results.txt)
}

if [ "${1:-}" = mutation ]; then
  mutation "${2:-core}"
  exit $?
fi
if [ "${1:-}" = long ]; then  # the full counts of the runs CI samples (pytest's `long` marker), e2e's whole matrices
  .venv/bin/python build/site.py
  exec .venv/bin/python -m pytest -p no:cacheprovider -m long tests e2e "${@:2}"
fi

.venv/bin/python build/site.py
if [ $# -gt 0 ]; then  # a chosen selection: `bash build/test.sh -k saves`
  exec .venv/bin/python -m pytest -p no:cacheprovider tests e2e "$@"
fi
# The engine's tests (pytest tests/, the fuzzer's among them, and the suite inside Pyodide under Node: CPU-bound), the browser's
# (e2e/: Chromium, mostly waiting on timers and animations) and the same checks in Firefox ESR and WebKit
# (e2e/test_engines.py, test_phone.py's games and the embeds of e2e/test_embed_anywhere.py: mostly waiting on the bots) run side by side, each in a log printed when it ends;
# the run fails if any does. Some Chromium files go with the engine's tests and some after the other engines'
# checks, so that the three streams take about as long.
logs="$(mktemp -d)"
# Every stream stops by one deadline (CI allows 90 minutes in all): pytest, interrupted, still prints what
# passed, what failed and where it stood, and faulthandler shows the stack of any one test that runs 15 min.
deadline=$(( SECONDS + ${STREAM_MINUTES:-60} * 60 ))
bounded() { timeout -s INT -k 60 "$(( deadline - SECONDS > 1 ? deadline - SECONDS : 1 ))" "$@"; }
pytest=(.venv/bin/python -m pytest -p no:cacheprovider -o faulthandler_timeout=900 --durations=40)
balance="e2e/test_remote.py e2e/test_saves.py e2e/test_platform.py e2e/test_hostile_input.py"
beside_others="e2e/test_table.py e2e/test_remote_live_page.py e2e/test_tutorials_page.py e2e/test_play.py"
others="firefox or webkit"
( bounded "${pytest[@]}" --basetemp "$logs/engine-tmp" tests $balance ) > "$logs/engine.log" 2>&1 &
engine=$!
( status=0
  bounded "${pytest[@]}" --basetemp "$logs/others-tmp" e2e/test_engines.py e2e/test_phone.py \
    e2e/test_embed_anywhere.py e2e/test_remote_live_page.py -k "$others" || status=$?  # (live play: Firefox to Firefox)
  bounded "${pytest[@]}" --basetemp "$logs/beside-tmp" $beside_others -k "not ($others)" \
    || status=$?
  exit $status ) > "$logs/others.log" 2>&1 &
other_engines=$!
set +e
bounded "${pytest[@]}" --basetemp "$logs/browser-tmp" e2e \
  $(printf -- '--ignore=%s ' $balance $beside_others) \
  -k "not ($others)" > "$logs/browser.log" 2>&1
browser_status=$?
wait "$engine"
engine_status=$?
wait "$other_engines"
others_status=$?
set -e
echo "== engine tests (tests/, $balance): exit $engine_status"; cat "$logs/engine.log"
echo "== browser tests (e2e/, Chromium): exit $browser_status"; cat "$logs/browser.log"
echo "== Firefox ESR and WebKit (e2e/test_engines.py, test_phone.py, test_embed_anywhere.py), then $beside_others: exit $others_status"; cat "$logs/others.log"
[ "$engine_status" = 0 ] && [ "$browser_status" = 0 ] && [ "$others_status" = 0 ]
