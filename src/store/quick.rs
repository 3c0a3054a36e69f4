//! A quick reader for the log lines slotmark writes.
//!
//! A session file's log is most of it: one step per line, each written by the RON writer in its
//! compact form (`(command:Game(Slots(Mark(who:0,slot:3,condition:B))),faces:[4])`). The general
//! RON parser reads such a line at a few tens of megabytes a second; this reader takes only that
//! compact form (no spaces, no comments, decimal integers, plain and escaped strings, no raw
//! strings, no extensions) and reads it several times faster. It gives up on anything else,
//! and on every error, saying nothing: the caller then reads the line, or the whole file, with
//! the RON parser, which accepts what it always did and names the place of a mistake as before.
//! Whatever this reader does accept, it reads to the very value the RON parser gives.
//!
//! The part of the file before its log (the two states, laid out by the pretty writer) is read
//! the same way with whitespace between tokens taken too ([`read_spaced`]): in a long session it
//! holds every note, half of the lines of some files.

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, MapAccess, SeqAccess, VariantAccess,
    Visitor,
};
use std::fmt;

/// Nesting deeper than this is left to the RON parser (which refuses it past its own limit).
const MAX_DEPTH: usize = 64;

/// The bytes an identifier goes on with (ASCII letters and digits, `_`), one lookup a byte.
const IDENT_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    table
};

/// The line as `T`, or None when this reader does not take it (then ask the RON parser).
pub(super) fn read<T: DeserializeOwned>(line: &str) -> Option<T> {
    let mut r = Reader {
        text: line,
        s: line.as_bytes(),
        pos: 0,
        depth: 0,
        spaced: false,
    };
    let value = T::deserialize(&mut r).ok()?;
    (r.pos == r.s.len()).then_some(value)
}

/// `text` as `seed` reads it, when it is laid out as the pretty writer lays out a file's states:
/// the compact form with spaces, tabs and line breaks after an opening bracket, a comma or a
/// colon and before a closing one, a comma or a colon (all places where the RON parser takes
/// them too), after whole lines of comment at its very start (the file's first lines). None
/// when this reader does not take it (then ask the RON parser).
pub(super) fn read_spaced<'de, S: DeserializeSeed<'de>>(
    text: &'de str,
    seed: S,
) -> Option<S::Value> {
    let mut rest = text;
    while rest.starts_with("//") {
        rest = rest.split_once('\n')?.1;
    }
    let mut r = Reader {
        text,
        s: text.as_bytes(),
        pos: text.len() - rest.len(),
        depth: 0,
        spaced: true,
    };
    r.space();
    let value = seed.deserialize(&mut r).ok()?;
    r.space();
    (r.pos == r.s.len()).then_some(value)
}

/// One log line read both ways, for the tests outside the crate that take their lines from the
/// demos: None when this reader does not take it, else whether it reads what the RON parser does.
#[doc(hidden)]
pub fn reads_step_as_ron_does(line: &str) -> Option<bool> {
    use super::file::Step;
    let quick = read::<Step>(line)?;
    Some(ron::from_str::<Step>(line).ok().as_ref() == Some(&quick))
}

/// Why the quick reader gave up. Never shown: the RON parser reads the line again.
#[derive(Debug)]
pub(super) struct GiveUp;

impl fmt::Display for GiveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not in the compact form")
    }
}

impl std::error::Error for GiveUp {}

impl de::Error for GiveUp {
    fn custom<T: fmt::Display>(_: T) -> Self {
        GiveUp
    }
}

type R<T> = Result<T, GiveUp>;

struct Reader<'de> {
    /// The line, for taking text out of it: it is UTF-8 already, and every piece taken starts
    /// and ends at an ASCII byte, so slicing it checks two boundaries instead of the bytes.
    text: &'de str,
    s: &'de [u8],
    pos: usize,
    depth: usize,
    /// Whether whitespace may stand between tokens ([`read_spaced`]).
    spaced: bool,
}

impl<'de> Reader<'de> {
    /// Passes over whitespace where [`read_spaced`] takes it; nothing in the compact form.
    fn space(&mut self) {
        if self.spaced {
            while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.peek() {
                self.pos += 1;
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    /// The text between two byte positions; GiveUp when they are not character boundaries.
    fn slice(&self, range: impl std::slice::SliceIndex<str, Output = str>) -> R<&'de str> {
        self.text.get(range).ok_or(GiveUp)
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, b: u8) -> R<()> {
        if self.eat(b) { Ok(()) } else { Err(GiveUp) }
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(GiveUp);
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn ident(&mut self) -> R<&'de str> {
        let start = self.pos;
        match self.peek() {
            Some(b) if b.is_ascii_alphabetic() || b == b'_' => self.pos += 1,
            _ => return Err(GiveUp),
        }
        while let Some(&b) = self.s.get(self.pos) {
            if !IDENT_BYTES[usize::from(b)] {
                break;
            }
            self.pos += 1;
        }
        // A raw identifier (`r#name`) other than a name (see `name`) is the RON parser's to read.
        if self.peek() == Some(b'#') {
            return Err(GiveUp);
        }
        self.slice(start..self.pos)
    }

    /// A field's or a variant's name: an identifier, or a raw one, which the writer gives a
    /// name that is also a word of RON (`r#None`), read as the name after its `r#`.
    fn name(&mut self) -> R<&'de str> {
        if self.s.get(self.pos..self.pos + 2) == Some(b"r#") {
            self.pos += 2;
        }
        self.ident()
    }

    /// Digits as the writer writes them: an optional minus, then decimal digits without
    /// separators. Whether the minus was there, and the digits' value (read straight from the
    /// bytes; one too large for 64 bits is left to the parser).
    fn integer(&mut self) -> R<(bool, u64)> {
        let negative = self.eat(b'-');
        let start = self.pos;
        let mut n: u64 = 0;
        while let Some(&b) = self.s.get(self.pos) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            n = n
                .checked_mul(10)
                .and_then(|n| n.checked_add(u64::from(digit)))
                .ok_or(GiveUp)?;
            self.pos += 1;
        }
        // No digits, or a leading zero (`007`): not the writer's.
        if self.pos == start || (self.pos - start > 1 && self.s[start] == b'0') {
            return Err(GiveUp);
        }
        // Forms the writer never uses (`0x1F`, `1_000`, `1.5`, `3e2`) are left to the parser.
        if matches!(
            self.peek(),
            Some(b'.' | b'_' | b'x' | b'b' | b'o' | b'e' | b'E')
        ) {
            return Err(GiveUp);
        }
        // `-0` is not the writer's either.
        if negative && n == 0 {
            return Err(GiveUp);
        }
        Ok((negative, n))
    }

    fn int<T: TryFrom<u64> + TryFrom<i64>>(&mut self) -> R<T> {
        match self.integer()? {
            (false, n) => T::try_from(n).map_err(|_| GiveUp),
            (true, n) => {
                let n = 0i64.checked_sub_unsigned(n).ok_or(GiveUp)?;
                T::try_from(n).map_err(|_| GiveUp)
            }
        }
    }

    /// A double-quoted string: borrowed when it holds no escape.
    fn string(&mut self) -> R<Text<'de>> {
        self.expect(b'"')?;
        let start = self.pos;
        self.skip_to_quote_or_escape()?;
        if self.peek() == Some(b'"') {
            let text = self.slice(start..self.pos)?;
            self.pos += 1;
            return Ok(Text::Borrowed(text));
        }
        let mut out = self.slice(start..self.pos)?.to_string();
        loop {
            let run = self.pos;
            self.skip_to_quote_or_escape()?;
            out.push_str(self.slice(run..self.pos)?);
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Text::Owned(out));
                }
                Some(b'\\') => {
                    self.pos += 1;
                    out.push(self.escape()?);
                }
                _ => return Err(GiveUp),
            }
        }
    }

    /// Moves to the next quote or backslash, many bytes at a time; GiveUp when none is left.
    fn skip_to_quote_or_escape(&mut self) -> R<()> {
        let rest = self.s.get(self.pos..).ok_or(GiveUp)?;
        self.pos += memchr::memchr2(b'"', b'\\', rest).ok_or(GiveUp)?;
        Ok(())
    }

    /// The escapes the writer uses (those of `char::escape_debug`), read as the RON parser
    /// reads them.
    fn escape(&mut self) -> R<char> {
        let c = self.peek().ok_or(GiveUp)?;
        self.pos += 1;
        Ok(match c {
            b'\'' => '\'',
            b'"' => '"',
            b'\\' => '\\',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'0' => '\0',
            b'u' => {
                self.expect(b'{')?;
                let start = self.pos;
                while self.peek().is_some_and(|b| b.is_ascii_hexdigit()) {
                    self.pos += 1;
                }
                let digits = self.slice(start..self.pos)?;
                if digits.is_empty() || digits.len() > 6 {
                    return Err(GiveUp);
                }
                self.expect(b'}')?;
                let n = u32::from_str_radix(digits, 16).map_err(|_| GiveUp)?;
                char::from_u32(n).ok_or(GiveUp)?
            }
            _ => return Err(GiveUp),
        })
    }

    /// The items of a list or the fields of a tuple, up to `close` (a trailing comma allowed).
    fn items<'a>(&'a mut self, close: u8) -> Items<'a, 'de> {
        Items {
            r: self,
            close,
            first: true,
            done: false,
        }
    }

    /// A list, tuple, map or struct from its opening bracket to its closing one, read by
    /// `visit`. A visitor that stops before the last item (a tuple of two given three) leaves
    /// the rest to the RON parser, which refuses it as it always did.
    fn bracketed<T>(
        &mut self,
        open: u8,
        close: u8,
        visit: impl FnOnce(&mut Items<'_, 'de>) -> R<T>,
    ) -> R<T> {
        self.expect(open)?;
        self.enter()?;
        let mut items = self.items(close);
        let value = visit(&mut items)?;
        if !items.done && items.more()? {
            return Err(GiveUp);
        }
        self.leave();
        Ok(value)
    }

    /// `(` ... `)` around what `inside` reads.
    fn parens<T>(&mut self, inside: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        self.expect(b'(')?;
        self.enter()?;
        self.space();
        let value = inside(self)?;
        self.space();
        self.expect(b')')?;
        self.leave();
        Ok(value)
    }
}

enum Text<'de> {
    Borrowed(&'de str),
    Owned(String),
}

struct Items<'a, 'de> {
    r: &'a mut Reader<'de>,
    close: u8,
    first: bool,
    /// The closing bracket has been read.
    done: bool,
}

impl Items<'_, '_> {
    /// Is there another item? Reads the comma before it, and the closing bracket after the last.
    fn more(&mut self) -> R<bool> {
        if self.done {
            return Ok(false);
        }
        self.r.space();
        if !self.first {
            if !self.r.eat(b',') {
                self.r.expect(self.close)?;
                self.done = true;
                return Ok(false);
            }
            self.r.space();
        }
        // The closing bracket of an empty list, or after a trailing comma.
        if self.r.eat(self.close) {
            self.done = true;
            return Ok(false);
        }
        self.first = false;
        Ok(true)
    }
}

impl<'de> SeqAccess<'de> for Items<'_, 'de> {
    type Error = GiveUp;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> R<Option<T::Value>> {
        if !self.more()? {
            return Ok(None);
        }
        seed.deserialize(&mut *self.r).map(Some)
    }
}

/// The fields of a struct (`name:value`) or the entries of a map (`key:value`).
impl<'de> MapAccess<'de> for Items<'_, 'de> {
    type Error = GiveUp;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> R<Option<K::Value>> {
        if !self.more()? {
            return Ok(None);
        }
        let key = if self.close == b')' {
            seed.deserialize(Ident(self.r.name()?))?
        } else {
            seed.deserialize(&mut *self.r)?
        };
        self.r.space();
        self.r.expect(b':')?;
        self.r.space();
        Ok(Some(key))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> R<V::Value> {
        seed.deserialize(&mut *self.r)
    }
}

/// A field or variant name, as the derived visitors read it.
struct Ident<'de>(&'de str);

impl<'de> de::Deserializer<'de> for Ident<'de> {
    type Error = GiveUp;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        v.visit_borrowed_str(self.0)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// An enum written as its variant's name, then its contents in parentheses when it has any.
struct Variant<'a, 'de>(&'a mut Reader<'de>);

impl<'de> EnumAccess<'de> for Variant<'_, 'de> {
    type Error = GiveUp;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> R<(V::Value, Self)> {
        let name = self.0.name()?;
        Ok((seed.deserialize(Ident(name))?, self))
    }
}

impl<'de> VariantAccess<'de> for Variant<'_, 'de> {
    type Error = GiveUp;

    fn unit_variant(self) -> R<()> {
        if self.0.peek() == Some(b'(') {
            return Err(GiveUp);
        }
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> R<T::Value> {
        self.0.parens(|r| seed.deserialize(&mut *r))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, v: V) -> R<V::Value> {
        de::Deserializer::deserialize_tuple(&mut *self.0, 0, v)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        v: V,
    ) -> R<V::Value> {
        de::Deserializer::deserialize_struct(&mut *self.0, "", &[], v)
    }
}

macro_rules! integers {
    ($($method:ident $visit:ident $t:ty),*) => {$(
        fn $method<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
            let n: $t = self.int()?;
            v.$visit(n)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = GiveUp;

    /// What a value is cannot always be told from its first bytes the way the RON parser tells
    /// it; a type that needs it is read by that parser.
    fn deserialize_any<V: Visitor<'de>>(self, _v: V) -> R<V::Value> {
        Err(GiveUp)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, _v: V) -> R<V::Value> {
        Err(GiveUp)
    }

    integers! {
        deserialize_i8 visit_i8 i8, deserialize_i16 visit_i16 i16,
        deserialize_i32 visit_i32 i32, deserialize_i64 visit_i64 i64,
        deserialize_u8 visit_u8 u8, deserialize_u16 visit_u16 u16,
        deserialize_u32 visit_u32 u32, deserialize_u64 visit_u64 u64
    }

    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        match self.ident()? {
            "true" => v.visit_bool(true),
            "false" => v.visit_bool(false),
            _ => Err(GiveUp),
        }
    }

    fn deserialize_f32<V: Visitor<'de>>(self, _v: V) -> R<V::Value> {
        Err(GiveUp)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, _v: V) -> R<V::Value> {
        Err(GiveUp)
    }

    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.expect(b'\'')?;
        let rest = self.slice(self.pos..)?;
        let c = rest.chars().next().ok_or(GiveUp)?;
        if c == '\\' || c == '\'' {
            return Err(GiveUp);
        }
        self.pos += c.len_utf8();
        self.expect(b'\'')?;
        v.visit_char(c)
    }

    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        match self.string()? {
            Text::Borrowed(s) => v.visit_borrowed_str(s),
            Text::Owned(s) => v.visit_string(s),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.deserialize_str(v)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, _v: V) -> R<V::Value> {
        Err(GiveUp)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, _v: V) -> R<V::Value> {
        Err(GiveUp)
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        match self.ident()? {
            "None" => v.visit_none(),
            "Some" => self.parens(|r| v.visit_some(&mut *r)),
            _ => Err(GiveUp),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.expect(b'(')?;
        self.expect(b')')?;
        v.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, v: V) -> R<V::Value> {
        self.deserialize_unit(v)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, v: V) -> R<V::Value> {
        self.parens(|r| v.visit_newtype_struct(&mut *r))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.bracketed(b'[', b']', |items| v.visit_seq(items))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, v: V) -> R<V::Value> {
        self.bracketed(b'(', b')', |items| v.visit_seq(items))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        v: V,
    ) -> R<V::Value> {
        self.deserialize_tuple(len, v)
    }

    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.bracketed(b'{', b'}', |items| v.visit_map(items))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        v: V,
    ) -> R<V::Value> {
        self.bracketed(b'(', b')', |items| v.visit_map(items))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        v: V,
    ) -> R<V::Value> {
        self.enter()?;
        let value = v.visit_enum(Variant(&mut *self))?;
        self.leave();
        Ok(value)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        v.visit_borrowed_str(self.name()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Command;
    use crate::store::file::Step;

    fn both(line: &str) -> (Option<Step>, Option<Step>) {
        (read::<Step>(line), ron::from_str::<Step>(line).ok())
    }

    #[test]
    fn reads_escaped_text_numbers_and_options_as_the_ron_parser_does() {
        for note in [
            "plain",
            "a \"quoted\" word, a back\\slash and a tab\t",
            "accents: é ü ß, and a 🐉",
            "a line\nbreak and a \r return",
            "",
        ] {
            let command = ron::to_string(&Command::Note(note.into())).unwrap();
            let line = format!("(command:{command},faces:[3,12],stamp:Some(1700000000))");
            let (quick, ron) = both(&line);
            assert!(quick.is_some(), "{line}");
            assert_eq!(quick, ron, "{line}");
        }
    }

    /// Every decimal the quick reader takes is the RON parser's value, and it gives up only
    /// where that parser refuses too (a value out of the type's range).
    #[test]
    fn reads_integers_at_the_ends_of_their_range_as_the_ron_parser_does() {
        fn check<T>(text: &str)
        where
            T: DeserializeOwned + PartialEq + fmt::Debug,
        {
            let ron = ron::from_str::<T>(text).ok();
            assert_eq!(
                read::<T>(text),
                ron,
                "{text} as {}",
                std::any::type_name::<T>()
            );
        }
        for text in [
            "0",
            "7",
            "-1",
            "127",
            "128",
            "-128",
            "-129",
            "255",
            "256",
            "32767",
            "-32769",
            "65535",
            "65536",
            "2147483647",
            "-2147483648",
            "-2147483649",
            "4294967295",
            "4294967296",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "18446744073709551615",
            "18446744073709551616",
            "99999999999999999999999",
        ] {
            check::<i8>(text);
            check::<u8>(text);
            check::<i16>(text);
            check::<u16>(text);
            check::<i32>(text);
            check::<u32>(text);
            check::<i64>(text);
            check::<u64>(text);
        }
    }

    #[test]
    fn gives_up_on_what_the_writer_never_writes() {
        for line in [
            "(command: Note(\"spaced\"),faces:[])",
            "(command:Note(\"x\"),faces:[0x1F])",
            "(command:Note(\"x\"),faces:[1_0])",
            "(command:Note(\"x\"),faces:[07])",
            "(command:Note(\"x\"),faces:[-0])",
            "(command:Note(r\"raw\"),faces:[])",
            "(command:Note(\"x\"),faces:[]) // a comment",
            "(command:Note(\"x\"),faces:[],extra:1)",
            "(command:Note(\"\\x41\"),faces:[])",
            "(command:Note(\"x\"),faces:[1,2,])x",
        ] {
            assert!(read::<Step>(line).is_none(), "{line}");
        }
        let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
        assert!(read::<Vec<u8>>(&deep).is_none());
    }
}
