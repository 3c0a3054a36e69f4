//! Each ruleset's own screens: the sheet panel, the side panels, the keys and forms that only
//! its rules have. The frame (`app`, `views`) draws everything the read models describe and hands
//! the rest to the session's ruleset here.

pub mod slots;
