#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| slotmark_fuzz::actiondie_script_line(data));
