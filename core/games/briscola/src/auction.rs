//! Briscola Chiamata's auction, the called card and the settling of a hand in match points.
//! It never reveals the partner: views decide what each eye may see.

use super::cards::Card;
use super::play::seat_name;
use super::state::{Phase, State};
use kifu_core::rules::{Outcome, RuleError};

/// Bids are card points a side expects to take: 1 to 120 (the seed names no minimum).
pub const MAX_BID: u32 = 120;

fn passes(state: &State) -> usize {
    state.passed.iter().filter(|p| **p).count()
}

/// Whether `seat` may pass now: not when everyone else has passed and nobody has bid.
pub fn may_pass(state: &State) -> bool {
    state.bid.is_some() || passes(state) + 1 < usize::from(state.seats())
}

/// The lowest bid `seat` may make now, if any.
pub fn lowest_bid(state: &State) -> Option<u32> {
    let low = state.bid.map_or(1, |(_, b)| b + 1);
    (low <= MAX_BID).then_some(low)
}

pub fn bid(state: &mut State, seat: u8, points: u32) -> Result<(), RuleError> {
    match lowest_bid(state) {
        None => kifu_core::refuse!("the bid stands at {MAX_BID}, all the points there are: pass"),
        Some(low) if points < low || points > MAX_BID => {
            kifu_core::refuse!(
                "{} must bid from {low} to {MAX_BID} card points, or pass",
                seat_name(seat)
            )
        }
        Some(_) => {}
    }
    state.bid = Some((seat, points));
    advance(state, seat);
    Ok(())
}

pub fn pass(state: &mut State, seat: u8) -> Result<(), RuleError> {
    if !may_pass(state) {
        kifu_core::refuse!(
            "everyone else has passed and nobody has bid: {} must bid",
            seat_name(seat)
        );
    }
    state.passed[usize::from(seat)] = true;
    advance(state, seat);
    Ok(())
}

/// The auction ends once two players have passed and a bid stands (seeds/briscola.md,
/// reading 6); otherwise the next player who has not passed bids or passes.
fn advance(state: &mut State, seat: u8) {
    if let Some((caller, _)) = state.bid {
        if passes(state) >= 2 {
            state.phase = Phase::Call { caller };
            return;
        }
    }
    let mut next = state.next(seat);
    while state.passed[usize::from(next)] && next != seat {
        next = state.next(next);
    }
    state.phase = Phase::Auction { current: next };
}

/// The winner of the auction names a card: its suit is the briscola, its holder the partner.
pub fn call(state: &mut State, caller: u8, card: Card) -> Result<(), RuleError> {
    if !state.deck.has(card) {
        kifu_core::refuse!("{} is not in the deck", card.code());
    }
    state.called = Some(card);
    state.trump = Some(card.suit());
    state.partner = state.hands.iter().position(|h| h.known.has(card)).map(|s| s as u8);
    state.phase = Phase::Play { current: state.opener };
    state.last = Some(format!("{} called {}", seat_name(caller), card.code()));
    Ok(())
}

/// Settles a finished hand: the caller's side (caller and partner, or the caller alone) makes
/// the bid with at least as many card points. Match points: +2/+1 for caller and partner and
/// -1 for the others if made, the reverse if not; alone, the caller takes +4 or -4.
pub fn settle(state: &mut State) -> Outcome {
    let Some((caller, bid)) = state.bid else {
        return Outcome::draw("no bid was made");
    };
    let partner = state.partner.unwrap_or(caller);
    let alone = partner == caller;
    let mut side = vec![caller];
    if !alone {
        side.push(partner);
    }
    let taken: u32 = side.iter().map(|s| state.points(*s)).sum();
    let made = taken >= bid;
    let sign = if made { 1 } else { -1 };
    state.match_points = (0..state.seats())
        .map(|s| {
            let points = if s == caller {
                if alone {
                    4
                } else {
                    2
                }
            } else if s == partner {
                1
            } else {
                -1
            };
            points * sign
        })
        .collect();
    let names: Vec<String> = side.iter().map(|s| seat_name(*s)).collect();
    let reason = format!(
        "{} took {taken} card points against a bid of {bid}: {}; match points {}",
        names.join("+"),
        if made { "made" } else { "failed" },
        state
            .match_points
            .iter()
            .enumerate()
            .map(|(s, p)| format!("{} {p:+}", seat_name(s as u8)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let winners = (0..state.seats()).filter(|s| side.contains(s) == made).collect();
    Outcome { winners, reason }
}

/// Ends a hand of the match: its match points are added to the totals; a total at or past the
/// target ends the match (the highest total wins, ties share), otherwise the next hand is dealt.
pub fn end_hand(state: &mut State) {
    let hand = settle(state);
    for (total, points) in state.match_totals.iter_mut().zip(&state.match_points) {
        *total += points;
    }
    state.hands_played += 1;
    let totals = state
        .match_totals
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {p}", seat_name(s as u8)))
        .collect::<Vec<_>>()
        .join(", ");
    let best = state.match_totals.iter().copied().max().unwrap_or(0);
    let reason = format!(
        "hand {}: {}; match totals {totals} (to {})",
        state.hands_played, hand.reason, state.target
    );
    if best >= state.target {
        let winners = (0..state.seats())
            .filter(|s| state.match_totals[usize::from(*s)] == best)
            .collect();
        state.phase = Phase::Over {
            outcome: Outcome { winners, reason },
        };
    } else {
        state.last = Some(reason);
        state.next_hand();
    }
}
