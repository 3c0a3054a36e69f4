//! The plain tracker's bundled content: its demo alone, a script in the command language. The
//! tracker keeps no gear, bestiary or tables; the judge's rules are the judge's own.

/// The plain tracker's demo: a script in the command language, which builds it.
pub const DEMO: (&str, &str) = super::bundled_file!("assets/plain/demo.slotmark");
