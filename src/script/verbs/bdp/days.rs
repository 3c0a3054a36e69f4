//! The bdp verbs of needs, rest, disease and recovery: meals, the night's rest, breath and water, brewing, wounds treated, diseases, deprivation and the dawn.

use super::DAYS;
use super::read::*;
use crate::rules::bdp::{Command as C, Illness, Meal, Recipe, Rest, State};
use crate::script::verbs::{Entry, v};
use crate::script::words::is;

pub(super) const VERBS: &[Entry<State>] = &[
    Entry {
        verb: v(
            "eat",
            &[],
            "eat NAME desperate|fresh|simple|ration|fancy [fire] [pot]",
            "a meal kept down (B43); a ration is a Simple meal with no fire, and is used up",
            "eat Ana simple fire",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a meal")?;
            let meal = if is(&t, &["desperate"]) {
                Meal::Desperate
            } else if is(&t, &["fresh"]) {
                Meal::Fresh
            } else if is(&t, &["simple", "ration"]) {
                Meal::Simple
            } else if is(&t, &["fancy"]) {
                Meal::Fancy
            } else {
                return err(&t, "a meal");
            };
            let ration = is(&t, &["ration"]);
            let fire = w.eat(&["fire"]) || ration;
            let pot = w.eat(&["pot"]);
            Ok(g(C::Eat {
                who,
                meal,
                fire,
                pot,
                ration,
            }))
        },
        complete: |t, st| match t.args.len() {
            0 => names(t, st),
            1 => vec![
                "desperate".into(),
                "fresh".into(),
                "simple".into(),
                "ration".into(),
                "fancy".into(),
            ],
            _ => vec!["fire".into(), "pot".into()],
        },
    },
    Entry {
        verb: v(
            "rest",
            &[],
            "rest NAME none|perilous|normal|comfortable",
            "tonight's rest (B42)",
            "rest Ana normal",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a rest kind")?;
            let rest = if is(&t, &["none"]) {
                Rest::None
            } else if is(&t, &["perilous"]) {
                Rest::Perilous
            } else if is(&t, &["normal"]) {
                Rest::Normal
            } else if is(&t, &["comfortable"]) {
                Rest::Comfortable
            } else {
                return err(&t, "a rest kind");
            };
            Ok(g(C::Rest { who, rest }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "breath",
            &["breathe"],
            "breath NAME [SLOT|SOURCE]",
            "catching breath: HP to max, water from a waterskin (its slot, or the first one not empty) or from the source named (B40, B41)",
            "breath Ana stream",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let water = match w.peek() {
                Some(t) if t.text.parse::<usize>().is_ok() => Some(slot(w)?),
                _ => None,
            };
            let source = Some(text(w)?).filter(|s| !s.is_empty());
            Ok(g(C::Breath {
                who,
                water,
                source: source.map(Into::into),
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "refill",
            &[],
            "refill NAME SLOT",
            "refills a waterskin to d8 (B41)",
            "refill Ana 1",
            DAYS,
        ),
        parse: |w, st| {
            Ok(g(C::Refill {
                who: who(w, st)?,
                slot: slot(w)?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "brew",
            &[],
            "brew NAME RECIPE SLOT...",
            "brews from ingredients (B44, B45)",
            "brew Ana \"Healing Salve\" 2 3",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a recipe")?;
            let Some(recipe) = Recipe::from_name(&t.text) else {
                return err(&t, "a recipe");
            };
            let mut ingredients = Vec::new();
            while !w.at_end() {
                ingredients.push(slot(w)?);
            }
            Ok(g(C::Brew {
                who,
                recipe,
                ingredients,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "use",
            &[],
            "use NAME SLOT [WOUND-SLOT]",
            "uses a brew: restoratives wait for the night, cures heal (B33, B46, B47)",
            "use Ana 2",
            DAYS,
        ),
        parse: |w, st| {
            let (who, s) = (who(w, st)?, slot(w)?);
            let wound = if w.at_end() { None } else { Some(slot(w)?) };
            Ok(g(C::Use {
                who,
                slot: s,
                wound,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "treat",
            &[],
            "treat NAME SLOT herb|brew",
            "a Light wound healed by its cure: herbs at dawn, brews at once (B33)",
            "treat Ana 4 herb",
            DAYS,
        ),
        parse: |w, st| {
            let (who, slot) = (who(w, st)?, slot(w)?);
            let herb = !w.eat(&["brew"]);
            w.eat(&["herb"]);
            Ok(g(C::Treat { who, slot, herb }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "recover",
            &[],
            "recover NAME str|dex|wil",
            "a day with a healer, at a bath house, or praying: the dawn, then 1d4 (B48)",
            "recover Ana str",
            DAYS,
        ),
        parse: |w, st| {
            Ok(g(C::Recover {
                who: who(w, st)?,
                ability: ability(w)?,
            }))
        },
        complete: then_ability,
    },
    Entry {
        verb: v(
            "infect",
            &[],
            "infect NAME DISEASE",
            "a disease (B36, B37)",
            "infect Ana swampsigh",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let t = w.next("a disease")?;
            let Some(illness) = Illness::from_name(&t.text) else {
                return err(&t, "a disease");
            };
            Ok(g(C::Infect { who, illness }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "cure",
            &[],
            "cure NAME N REMEDY",
            "ends the Nth disease with no saves (B39)",
            "cure Ana 1 temple",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let n = slot(w)?;
            Ok(g(C::Cure {
                who,
                disease: n,
                remedy: w.rest_text("the remedy")?.into(),
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "cared",
            &[],
            "cared NAME [on|off]",
            "rested and cared for: advantage on disease saves (B38)",
            "cared Ana",
            DAYS,
        ),
        parse: |w, st| {
            Ok(g(C::Cared {
                who: who(w, st)?,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "deprive",
            &[],
            "deprive NAME [food] [sleep]",
            "the judge sets Deprived (B17); nothing named clears it",
            "deprive Ana food",
            DAYS,
        ),
        parse: |w, st| {
            let who = who(w, st)?;
            let food = w.eat(&["food"]);
            let sleep = w.eat(&["sleep"]);
            Ok(g(C::Deprive { who, food, sleep }))
        },
        complete: first_a_name,
    },
    Entry {
        verb: v(
            "dawn",
            &[],
            "dawn NAME [on|off]",
            "adds a creature to the dawn (B53)",
            "dawn Mule",
            DAYS,
        ),
        parse: |w, st| {
            Ok(g(C::AtDawn {
                who: who(w, st)?,
                on: w.on_off()?,
            }))
        },
        complete: first_a_name,
    },
];
