//! The slot system's sheet in cells: the title's parts and one row per slot, as the screen's
//! sheet panel draws them and `show` prints them. Both read these, so a field the panel gains is
//! one `show` has too.

use super::display::{item_props, item_text, marks_text, slot_line, statuses};
use super::model::*;

/// What a part of the sheet's title says, so the screen can give each its tone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TitlePart {
    Name,
    Side,
    Body,
    Backpack,
    Status,
    Warning,
}

/// The sheet's title: who, which side, which body and die, and anything that changes how they
/// act (the backpack off, statuses, the first harm the next tick brings).
pub fn sheet_title(state: &State, c: &Character) -> Vec<(TitlePart, String)> {
    let mut parts = vec![
        (TitlePart::Name, c.name.clone()),
        (TitlePart::Side, c.side.to_string()),
        (
            TitlePart::Body,
            format!("{} d{}", c.layout.name, c.layout.die),
        ),
    ];
    if c.backpack_dropped {
        parts.push((TitlePart::Backpack, "backpack dropped".into()));
    }
    let words: Vec<&str> = statuses(c).into_iter().map(|(_, w)| w).collect();
    if !words.is_empty() {
        parts.push((TitlePart::Status, words.join(", ")));
    }
    if let Some(w) = super::forecast::warnings(state, c.id).first() {
        parts.push((TitlePart::Warning, format!("⚠ {} {}", w.what, w.when)));
    }
    parts
}

/// One slot as the sheet's table has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotRow {
    pub number: SlotNo,
    /// The region's label on this body ("Head", "Backpack").
    pub region: String,
    /// A body slot (its number is drawn bold).
    pub body: bool,
    /// In a dropped backpack: it counts as empty (drawn greyed).
    pub packed: bool,
    /// What it holds, with ` =` after an equipped item; a two-handed weapon shows in both grips.
    pub item: String,
    /// The item's rule-relevant properties, comma-separated.
    pub props: String,
    pub wound: Wound,
    /// Fatigue (`~`) and condition letters.
    pub marks: String,
}

/// The table's column heads, in order.
pub const COLUMNS: [&str; 6] = ["#", "Region", "Item", "Properties", "Wound", "Marks"];

/// Every slot of the sheet, in order.
pub fn slot_rows(c: &Character) -> Vec<SlotRow> {
    (1..=c.slots.len() as SlotNo)
        .filter_map(|n| {
            let slot = c.slot(n)?;
            let def = c.layout.def(n)?;
            let item = item_text(c, n);
            Some(SlotRow {
                number: n,
                region: def.label.clone(),
                body: def.body,
                packed: c.packed_away(n),
                item: if c.equipped(n) {
                    format!("{item} =")
                } else {
                    item
                },
                props: slot
                    .item
                    .as_ref()
                    .map(|i| item_props(i).join(", "))
                    .unwrap_or_default(),
                wound: slot.wound,
                marks: marks_text(c, n),
            })
        })
        .collect()
}

/// A wound as the table's cell reads it: the glyph alone when the column is narrow.
pub fn wound_cell(w: Wound, wide: bool) -> &'static str {
    match (w, wide) {
        (Wound::None, _) => "",
        (Wound::Open, true) => "● open",
        (Wound::Treated, true) => "◐ treated",
        (Wound::Open, false) => "●",
        (Wound::Treated, false) => "◐",
    }
}

/// One slot spelled out, as the sheet's line under the table reads it for the selected slot.
pub fn slot_detail(c: &Character, n: SlotNo) -> String {
    let mut text = slot_line(c, n);
    if c.equipped(n) {
        text.push_str(" · equipped");
    }
    text
}
