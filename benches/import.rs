//! `slotmark library import` of a long stat-line bestiary: 10,000 stat blocks (a file of about
//! 1 MB, the most a stat-block file may be) read, checked, mapped into ruleset phase and written
//! as the judge's bestiary, and that bestiary read back as every start reads it. An import once
//! compared each creature's name with every one read before it: 8,000 blocks took 7.5 s and
//! 16,000 took 32 s. Each step is now linear in the blocks; this bench keeps it so.
//!
//! Run with `cargo bench --bench import`.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use slotmark::content::bestiary::{self, Mode};
use slotmark::rules::RulesetId;

const BLOCKS: usize = 10_000;

fn import(c: &mut Criterion) {
    let stats = tempfile::tempdir().expect("a scratch folder");
    let mut group = c.benchmark_group("library import");
    group.sample_size(10);
    // A quarter, a half and the whole: linear means each takes twice the one before.
    for blocks in [BLOCKS / 4, BLOCKS / 2, BLOCKS] {
        let file = stats.path().join(format!("goblins-{blocks}.md"));
        std::fs::write(&file, bestiary::sample_blocks(0, blocks)).expect("the stat blocks written");
        let name = format!("{} stat blocks into phase", thousands(blocks));
        group.bench_function(name, |b| {
            b.iter_batched(
                || tempfile::tempdir().expect("a data folder"),
                |data| {
                    let report =
                        bestiary::import(&file, RulesetId::Phase, data.path(), Mode::AllOrNothing)
                            .expect("the import runs");
                    assert_eq!(report.read.len(), blocks, "{:?}", report.refused.first());
                    data
                },
                BatchSize::PerIteration,
            );
        });
    }
    let file = stats.path().join(format!("goblins-{BLOCKS}.md"));
    let data = tempfile::tempdir().expect("a data folder");
    bestiary::import(&file, RulesetId::Phase, data.path(), Mode::AllOrNothing)
        .expect("the import runs");
    group.bench_function("the 10,000 read back at start", |b| {
        b.iter(|| bestiary::load(data.path()));
    });
    group.finish();
}

/// 10000 as "10,000", as the bench's names read.
fn thousands(n: usize) -> String {
    match n {
        0..1000 => n.to_string(),
        _ => format!("{},{:03}", n / 1000, n % 1000),
    }
}

criterion_group!(benches, import);
criterion_main!(benches);
