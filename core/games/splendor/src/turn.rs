//! A player's turn: the one action (take, reserve, buy, or pass when nothing is possible),
//! then the return of tokens over ten, the visit of a noble, and the end of the game. It
//! never decides what chance reveals; `market` does.

use super::cards::{self, total, Gems, COLOURS, GOLD, NAMES};
use super::state::{Phase, Reserved, State};
use kifu_core::rules::{Outcome, RuleError};

fn seat_name(seat: u8) -> String {
    format!("p{}", u16::from(seat) + 1)
}

/// Gems the current seat still owes for a card after its bonuses, per colour.
fn owed(state: &State, id: u8) -> Result<Gems, RuleError> {
    let Some(card) = cards::card(id) else {
        kifu_core::refuse!("there is no card {id}");
    };
    let bonuses = state.player(state.current)?.bonuses();
    let mut need = [0; 6];
    for c in 0..COLOURS {
        need[c] = card.cost[c].saturating_sub(bonuses[c]);
    }
    Ok(need)
}

/// The payment when none is named: each colour's own tokens first, gold for the rest.
pub fn usual_payment(state: &State, id: u8) -> Result<Gems, RuleError> {
    let need = owed(state, id)?;
    let have = state.player(state.current)?.tokens;
    let mut pay = [0; 6];
    for c in 0..COLOURS {
        pay[c] = need[c].min(have[c]);
        pay[GOLD] += need[c] - pay[c];
    }
    Ok(pay)
}

/// Every way the current seat can pay for a card (empty if it cannot afford it).
pub fn payments(state: &State, id: u8) -> Vec<Gems> {
    let (Ok(need), Ok(player)) = (owed(state, id), state.player(state.current)) else {
        return Vec::new();
    };
    let have = player.tokens;
    let mut all: Vec<Gems> = vec![[0; 6]];
    for c in 0..COLOURS {
        let least = need[c].saturating_sub(have[c]);
        all = all
            .into_iter()
            .flat_map(|pay| {
                (least..=need[c]).map(move |gold| {
                    let mut next = pay;
                    next[c] = need[c] - gold;
                    next[GOLD] += gold;
                    next
                })
            })
            .filter(|pay| pay[GOLD] <= have[GOLD])
            .collect();
    }
    all
}

fn check_payment(state: &State, id: u8, pay: &Gems) -> Result<(), RuleError> {
    let need = owed(state, id)?;
    let have = state.player(state.current)?.tokens;
    let mut gold_needed = 0u8;
    for c in 0..COLOURS {
        if pay[c] > need[c] {
            kifu_core::refuse!(
                "{} pays {} {} for {} but owes only {} after bonuses",
                seat_name(state.current),
                pay[c],
                NAMES[c],
                cards::describe(id),
                need[c]
            );
        }
        gold_needed += need[c] - pay[c];
    }
    if pay[GOLD] != gold_needed {
        kifu_core::refuse!(
            "{} costs {} after bonuses: paying {} leaves {} owed in gold, not {}",
            cards::describe(id),
            cards::gems_text(&need),
            cards::gems_text(pay),
            gold_needed,
            pay[GOLD]
        );
    }
    for c in 0..=GOLD {
        if pay[c] > have[c] {
            kifu_core::refuse!(
                "{} cannot afford {}: it needs {} {} tokens and holds {} (tokens {})",
                seat_name(state.current),
                cards::describe(id),
                pay[c],
                NAMES[c],
                have[c],
                cards::gems_text(&have)
            );
        }
    }
    Ok(())
}

pub fn take(state: &mut State, gems: &Gems) -> Result<(), RuleError> {
    let who = seat_name(state.current);
    if gems[GOLD] > 0 {
        kifu_core::refuse!("gold is never taken: it comes only with a reserve");
    }
    let kinds = gems.iter().filter(|n| **n > 0).count();
    if kinds == 0 {
        kifu_core::refuse!("{who} takes no token: name them (take wug, take rr)");
    }
    let count = total(gems);
    let available = (0..COLOURS).filter(|c| state.supply[*c] > 0).count();
    if count == 2 && kinds == 1 {
        let c = gems.iter().position(|n| *n == 2).unwrap_or(0);
        if state.supply[c] < 4 {
            kifu_core::refuse!(
                "two {} tokens may be taken only from a pile of at least 4; {} are left",
                NAMES[c],
                state.supply[c]
            );
        }
    } else if kinds != count as usize {
        kifu_core::refuse!("take three tokens of different colours, or two of one colour (take rr)");
    } else if count as usize != available.min(3) {
        kifu_core::refuse!(
            "take three tokens of different colours ({} colours are in the supply), or two of one colour",
            available
        );
    }
    for c in 0..COLOURS {
        if gems[c] > state.supply[c] {
            kifu_core::refuse!("no {} token is left in the supply", NAMES[c]);
        }
    }
    for (taken, n) in state.taken.iter_mut().zip(gems) {
        *taken += n;
    }
    move_tokens(state, gems, Direction::ToPlayer)?;
    state.last = Some(format!("{who} took {}", cards::gems_text(gems)));
    proceed(state)
}

enum Direction {
    ToPlayer,
    ToSupply,
}

/// Moves tokens between the supply and the current seat (the caller has checked there are enough).
fn move_tokens(state: &mut State, gems: &Gems, direction: Direction) -> Result<(), RuleError> {
    let mut supply = state.supply;
    let player = state.player_mut(state.current)?;
    let (from, to) = match direction {
        Direction::ToPlayer => (&mut supply, &mut player.tokens),
        Direction::ToSupply => (&mut player.tokens, &mut supply),
    };
    for ((f, t), n) in from.iter_mut().zip(to.iter_mut()).zip(gems) {
        *f -= n;
        *t += n;
    }
    state.supply = supply;
    Ok(())
}

fn take_gold(state: &mut State) -> Result<(), RuleError> {
    if state.supply[GOLD] > 0 {
        state.supply[GOLD] -= 1;
        state.taken[GOLD] += 1;
        state.player_mut(state.current)?.tokens[GOLD] += 1;
    }
    Ok(())
}

fn room_to_reserve(state: &State) -> Result<(), RuleError> {
    if state.player(state.current)?.reserved.len() >= 3 {
        kifu_core::refuse!(
            "{} already holds 3 reserved cards, the most allowed",
            seat_name(state.current)
        );
    }
    Ok(())
}

/// The market slot holding a card.
fn slot_of(state: &State, id: u8) -> Option<(u8, u8)> {
    state
        .market
        .iter()
        .enumerate()
        .find_map(|(l, row)| row.iter().position(|c| *c == Some(id)).map(|s| (l as u8 + 1, s as u8)))
}

/// Empties a market slot and asks chance to refill it, if its deck has cards.
fn take_from_market(state: &mut State, level: u8, slot: u8) {
    let l = usize::from(level - 1);
    state.market[l][usize::from(slot)] = None;
    if state.deck_left[l] > 0 {
        state.phase = Phase::Refill { level, slot };
    }
}

pub fn reserve(state: &mut State, id: u8) -> Result<(), RuleError> {
    room_to_reserve(state)?;
    let Some((level, slot)) = slot_of(state, id) else {
        kifu_core::refuse!(
            "{} is not face up in the market{}",
            cards::describe(id),
            state.whereabouts(id).map(|w| format!(" ({w})")).unwrap_or_default()
        );
    };
    state.player_mut(state.current)?.reserved.push(Reserved {
        level,
        card: Some(id),
        blind: false,
    });
    take_gold(state)?;
    state.last = Some(format!("{} reserved {}", seat_name(state.current), cards::describe(id)));
    take_from_market(state, level, slot);
    if state.phase == Phase::Act {
        proceed(state)?;
    }
    Ok(())
}

pub fn reserve_blind(state: &mut State, level: u8) -> Result<(), RuleError> {
    room_to_reserve(state)?;
    if state.deck_left[usize::from(level - 1)] == 0 {
        kifu_core::refuse!("the level {level} deck is empty");
    }
    take_gold(state)?;
    state.last = Some(format!(
        "{} reserved the top card of level {level}",
        seat_name(state.current)
    ));
    state.phase = Phase::Draw { level };
    Ok(())
}

pub fn buy(state: &mut State, id: u8, pay: Option<Gems>) -> Result<(), RuleError> {
    let who = seat_name(state.current);
    let market = slot_of(state, id);
    let player = state.player(state.current)?;
    let known = player.reserved.iter().position(|r| r.card == Some(id));
    let level = cards::card(id).map_or(0, |c| c.level);
    let unknown = player
        .reserved
        .iter()
        .position(|r| r.card.is_none() && r.level == level);
    if market.is_none() && known.is_none() {
        match (unknown, state.whereabouts(id)) {
            (Some(_), None) => {}
            (_, Some(w)) => kifu_core::refuse!("{who} cannot buy {}: {w}", cards::describe(id)),
            (None, None) => kifu_core::refuse!(
                "{who} cannot buy {}: it is neither face up in the market nor among {who}'s reserved cards",
                cards::describe(id)
            ),
        }
    }
    let pay = match pay {
        Some(p) => p,
        None => usual_payment(state, id)?,
    };
    check_payment(state, id, &pay)?;
    move_tokens(state, &pay, Direction::ToSupply)?;
    let player = state.player_mut(state.current)?;
    player.cards.push(id);
    if let Some(i) = known.or(unknown) {
        if market.is_none() {
            player.reserved.remove(i);
        }
    }
    state.last = Some(format!(
        "{who} bought {} for {}",
        cards::describe(id),
        cards::gems_text(&pay)
    ));
    if let Some((level, slot)) = market {
        take_from_market(state, level, slot);
    }
    if state.phase == Phase::Act {
        proceed(state)?;
    }
    Ok(())
}

pub fn pass(state: &mut State) -> Result<(), RuleError> {
    if let Some(other) = actions(state).first() {
        kifu_core::refuse!(
            "{} may pass only when no action is possible, and can {}",
            seat_name(state.current),
            super::notation::format(other)
        );
    }
    state.passes += 1;
    state.last = Some(format!("{} could do nothing and passed", seat_name(state.current)));
    end_turn(state)
}

pub fn discard(state: &mut State, excess: u8, gems: &Gems) -> Result<(), RuleError> {
    let who = seat_name(state.current);
    if total(gems) != u32::from(excess) {
        kifu_core::refuse!("{who} holds {} tokens and returns exactly {excess}", 10 + excess);
    }
    let have = state.player(state.current)?.tokens;
    for c in 0..=GOLD {
        if gems[c] > have[c] {
            kifu_core::refuse!("{who} holds only {} {} tokens", have[c], NAMES[c]);
        }
    }
    if !(0..=GOLD).any(|c| gems[c] > 0 && state.taken[c] > 0) {
        kifu_core::refuse!(
            "the tokens returned must include one of a colour taken this turn ({})",
            cards::gems_text(&state.taken)
        );
    }
    move_tokens(state, gems, Direction::ToSupply)?;
    state.phase = Phase::Act;
    proceed(state)
}

/// Nobles on the table whose needs the current seat's bonuses meet.
fn visiting(state: &State) -> Vec<u8> {
    let Ok(player) = state.player(state.current) else {
        return Vec::new();
    };
    let bonuses = player.bonuses();
    state
        .nobles
        .iter()
        .copied()
        .filter(|id| cards::noble(*id).is_some_and(|n| (0..COLOURS).all(|c| bonuses[c] >= n.needs[c])))
        .collect()
}

fn receive_noble(state: &mut State, id: u8) -> Result<(), RuleError> {
    state.nobles.retain(|n| *n != id);
    state.player_mut(state.current)?.nobles.push(id);
    let note = format!("noble #{id} visited {}", seat_name(state.current));
    state.last = Some(match state.last.take() {
        Some(before) => format!("{before}; {note}"),
        None => note,
    });
    Ok(())
}

pub fn noble(state: &mut State, choices: &[u8], id: u8) -> Result<(), RuleError> {
    if !choices.contains(&id) {
        let list: Vec<String> = choices.iter().map(|n| format!("#{n}")).collect();
        kifu_core::refuse!("noble #{id} is not among those visiting ({})", list.join(", "));
    }
    receive_noble(state, id)?;
    end_turn(state)
}

/// After the action and any card revealed: tokens over ten, then nobles, then the turn ends.
pub fn proceed(state: &mut State) -> Result<(), RuleError> {
    let held = total(&state.player(state.current)?.tokens);
    if held > 10 {
        state.phase = Phase::Discard {
            excess: (held - 10) as u8,
        };
        return Ok(());
    }
    match visiting(state).as_slice() {
        [] => {}
        [one] => receive_noble(state, *one)?,
        several => {
            state.phase = Phase::Noble {
                choices: several.to_vec(),
            };
            return Ok(());
        }
    }
    state.passes = 0;
    end_turn(state)
}

fn end_turn(state: &mut State) -> Result<(), RuleError> {
    if state.player(state.current)?.points() >= 15 {
        state.final_round = true;
    }
    state.taken = [0; 6];
    let next = (state.current + 1) % state.seats();
    if next == 0 {
        state.round += 1;
    }
    let stuck = state.passes >= state.seats();
    if (state.final_round && next == 0) || stuck {
        state.phase = Phase::Over {
            outcome: outcome(state, stuck),
        };
        return Ok(());
    }
    state.current = next;
    state.phase = Phase::Act;
    Ok(())
}

/// Most points wins; a tie goes to the fewest development cards bought; still tied, all share.
fn outcome(state: &State, stuck: bool) -> Outcome {
    let rank = |s: usize| {
        let p = &state.players[s];
        (p.points(), std::cmp::Reverse(p.cards.len()))
    };
    let best = (0..state.players.len()).map(rank).max();
    let winners: Vec<u8> = (0..state.players.len())
        .filter(|s| Some(rank(*s)) == best)
        .map(|s| s as u8)
        .collect();
    let points = best.map_or(0, |b| b.0);
    let why = if stuck {
        "no seat could act for a whole round"
    } else {
        "the final round is complete"
    };
    Outcome {
        winners,
        reason: format!("{points} points, {why}"),
    }
}

/// Every action the current seat may take in `Phase::Act` (without `pass`).
pub fn actions(state: &State) -> Vec<super::notation::Command> {
    use super::notation::Command;
    let mut list = Vec::new();
    let Ok(player) = state.player(state.current) else {
        return list;
    };
    let open: Vec<usize> = (0..COLOURS).filter(|c| state.supply[*c] > 0).collect();
    let want = open.len().min(3);
    if want > 0 {
        for mask in 1u32..32 {
            let chosen: Vec<usize> = open.iter().copied().filter(|c| mask & (1 << c) != 0).collect();
            if chosen.len() == want && chosen.len() == mask.count_ones() as usize {
                let mut gems = [0; 6];
                chosen.iter().for_each(|c| gems[*c] = 1);
                list.push(Command::Take(gems));
            }
        }
    }
    for c in (0..COLOURS).filter(|c| state.supply[*c] >= 4) {
        let mut gems = [0; 6];
        gems[c] = 2;
        list.push(Command::Take(gems));
    }
    let market: Vec<u8> = state.market.iter().flatten().flatten().copied().collect();
    if player.reserved.len() < 3 {
        list.extend(market.iter().map(|id| Command::Reserve(*id)));
        list.extend(
            (1..=3)
                .filter(|l| state.deck_left[usize::from(l - 1)] > 0)
                .map(Command::ReserveBlind),
        );
    }
    let mut buyable = market;
    for r in &player.reserved {
        match r.card {
            Some(id) => buyable.push(id),
            None => buyable.extend(state.unaccounted(r.level)),
        }
    }
    buyable.sort_unstable();
    buyable.dedup();
    for id in buyable {
        let usual = usual_payment(state, id).ok();
        for pay in payments(state, id) {
            list.push(Command::Buy(id, if Some(pay) == usual { None } else { Some(pay) }));
        }
    }
    list
}

/// Every set of `excess` tokens the current seat may return.
pub fn discards(state: &State, excess: u8) -> Vec<Gems> {
    let Ok(player) = state.player(state.current) else {
        return Vec::new();
    };
    let mut all: Vec<Gems> = vec![[0; 6]];
    for c in 0..=GOLD {
        all = all
            .into_iter()
            .flat_map(|g| {
                let room = u32::from(excess).saturating_sub(total(&g)) as u8;
                (0..=player.tokens[c].min(room)).map(move |n| {
                    let mut next = g;
                    next[c] = n;
                    next
                })
            })
            .collect();
    }
    all.retain(|g| total(g) == u32::from(excess) && (0..=GOLD).any(|c| g[c] > 0 && state.taken[c] > 0));
    all
}
