//! The Solitaria set-up from the header's options: the map, the difficulty level, the
//! player's starting points and the campaign; Contrarius's cards, colonists and houses, and
//! the veteran's opening house once the city goods are known. It never plays a turn.

use super::builds::CONTRARIUS;
use super::state::{Level, Solo, Trio};
use crate::cards::{self, Kind};
use crate::map::{self, RouteKind};
use crate::state::{self, Place};
use kifu_core::rules::{RuleError, Setup};

pub const OPTIONS: [&str; 5] = ["map", "level", "points", "campaign", "spacing"];

/// Contrarius's five face-up Solitaria cards (a reading: the seed does not list them).
const CONTRARIUS_CARDS: [Kind; 5] = [
    Kind::Tribune,
    Kind::Architect,
    Kind::Prefect,
    Kind::Mercator,
    Kind::Senator,
];

/// How many of Contrarius's houses stand on the score track at the expert levels.
const TRACK_HOUSES: u32 = 5;

pub fn start(setup: &Setup) -> Result<Solo, RuleError> {
    setup.only_options(&OPTIONS)?;
    if setup.start.is_some() {
        kifu_core::refuse!("concordia-solitaria starts from its set-up only (no start position)");
    }
    let name = setup.option("map").unwrap_or("imperium").to_ascii_lowercase();
    let Some(board) = map::map(&name) else {
        kifu_core::refuse!("option map: unknown map '{name}' (imperium or italia)");
    };
    let level = match setup.option("level").unwrap_or("standard") {
        "standard" => Level::Standard,
        "veteran" => Level::Veteran,
        "expert" => Level::Expert,
        "strong-veteran" => Level::StrongVeteran,
        "strong-expert" => Level::StrongExpert,
        other => kifu_core::refuse!(
            "option level: '{other}' is not standard, veteran, expert, strong-veteran or strong-expert"
        ),
    };
    // The points between the track's houses: 10 at the expert level; 9 (the seed's first
    // example) or 8 (its second) at the strong expert level.
    let spacing = match (level, setup.option("spacing")) {
        (Level::Expert, None) => 10,
        (Level::StrongExpert, None | Some("9")) => 9,
        (Level::StrongExpert, Some("8")) => 8,
        (Level::StrongExpert, Some(other)) => {
            kifu_core::refuse!("option spacing: '{other}' is not 9 or 8 (the strong expert's track)")
        }
        (_, Some(_)) => kifu_core::refuse!("option spacing: only the strong-expert level takes it"),
        (_, None) => 0,
    };
    let campaign = match setup.option("campaign") {
        None | Some("no") => false,
        Some("yes") => true,
        Some(other) => kifu_core::refuse!("option campaign: '{other}' is not yes or no"),
    };
    if campaign && level != Level::Standard {
        kifu_core::refuse!("option campaign: a campaign is played at the standard level");
    }
    let default_points = match level {
        Level::Standard => 20,
        Level::Veteran | Level::StrongVeteran => 10,
        Level::Expert | Level::StrongExpert => 0,
    };
    let trio = setup.players == 3;
    if trio && (setup.option("points").is_some() || campaign) {
        kifu_core::refuse!("options points and campaign are for the solo game, not Contrarius as a third player");
    }
    let start_points = match setup.option("points") {
        None if trio => 0,
        None => default_points,
        Some(text) => match text.parse::<u32>() {
            Ok(n) if n <= 100 => n,
            _ => kifu_core::refuse!("option points: '{text}' is not a number of points from 0 to 100"),
        },
    };
    // Three players: the base decks I-III (the seed's own deck III is not listed).
    let mut base = state::fresh(name, board, setup.players, false);
    let hand = cards::starting_hand();
    let magnus_card = hand
        .iter()
        .copied()
        .filter(|c| cards::get(*c).kind == Kind::Prefect)
        .max()
        .unwrap_or(0);
    let player = &mut base.players[0];
    player.coins = if trio { 7 } else { 6 };
    if trio {
        base.players[2].coins = 6;
        base.magnus = 0;
        base.current = 2;
    }
    let contrarius = &mut base.players[usize::from(CONTRARIUS)];
    contrarius.hand = CONTRARIUS_CARDS
        .iter()
        .filter_map(|k| hand.iter().copied().find(|c| cards::get(*c).kind == *k))
        .collect();
    contrarius.coins = 0;
    contrarius.goods = Default::default();
    let track: Vec<u32> = if level.expert() {
        contrarius.houses_left = 15 - TRACK_HOUSES;
        (1..=TRACK_HOUSES).map(|n| n * spacing).collect()
    } else {
        Vec::new()
    };
    Ok(Solo {
        base,
        level,
        start_points,
        campaign,
        points: 0,
        track,
        magnus_card,
        pending: Vec::new(),
        specialist_taken: false,
        ended_by: None,
        trio: trio.then(Trio::default),
    })
}

/// Veteran: once the goods are dealt, a house in the most valuable city next to Roma (ties
/// by name) with a colonist on the route between (land if there is a land route), the other
/// colonist on a route from Roma to the next most valuable neighbour it can take. Strong
/// veteran: a second house in that neighbour too.
pub fn veteran_opening(solo: &mut Solo) {
    if !solo.level.veteran() {
        return;
    }
    let strong = solo.level == Level::StrongVeteran;
    let base = &mut solo.base;
    let board = base.board();
    let roma = board.capital;
    let mut neighbours: Vec<usize> = (0..board.cities.len())
        .filter(|c| *c != roma && board.routes.iter().any(|r| joins(r, roma, *c)))
        .collect();
    neighbours.sort_by(|a, b| {
        base.city_goods[*b]
            .cmp(&base.city_goods[*a])
            .then_with(|| board.cities[*a].name.cmp(&board.cities[*b].name))
    });
    let route_to = |city: usize, kind: RouteKind| {
        (0..board.routes.len()).find(|r| board.routes[*r].kind == kind && joins(&board.routes[*r], roma, city))
    };
    let Some(first) = neighbours.first().copied() else {
        return;
    };
    let (kind, route) = match route_to(first, RouteKind::Land) {
        Some(r) => (RouteKind::Land, r),
        None => (RouteKind::Sea, route_to(first, RouteKind::Sea).unwrap_or(0)),
    };
    let other = if kind == RouteKind::Land {
        RouteKind::Sea
    } else {
        RouteKind::Land
    };
    let second = neighbours[1..]
        .iter()
        .find_map(|c| route_to(*c, other).map(|r| (*c, r)));
    base.houses[first].push(CONTRARIUS);
    let mut built = 1;
    if let (true, Some((city, _))) = (strong, second) {
        base.houses[city].push(CONTRARIUS);
        built += 1;
    }
    let second = second.map(|(_, r)| r);
    let me = &mut base.players[usize::from(CONTRARIUS)];
    me.houses_left -= built;
    for c in me.colonists.iter_mut() {
        if c.kind == kind {
            c.at = Place::Route(route);
        } else if let Some(r) = second {
            c.at = Place::Route(r);
        }
    }
}

fn joins(route: &map::Route, a: usize, b: usize) -> bool {
    (route.a == a && route.b == b) || (route.a == b && route.b == a)
}
