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
    let file = stats.path().join("goblins.md");
    std::fs::write(&file, bestiary::sample_blocks(0, BLOCKS)).expect("the stat blocks written");
    let mut group = c.benchmark_group("library import");
    group.sample_size(10);
    group.bench_function("10,000 stat blocks into phase", |b| {
        b.iter_batched(
            || tempfile::tempdir().expect("a data folder"),
            |data| {
                let report =
                    bestiary::import(&file, RulesetId::Phase, data.path(), Mode::AllOrNothing)
                        .expect("the import runs");
                assert_eq!(report.read.len(), BLOCKS, "{:?}", report.refused.first());
                data
            },
            BatchSize::PerIteration,
        );
    });
    let data = tempfile::tempdir().expect("a data folder");
    bestiary::import(&file, RulesetId::Phase, data.path(), Mode::AllOrNothing)
        .expect("the import runs");
    group.bench_function("the 10,000 read back at start", |b| {
        b.iter(|| bestiary::load(data.path()));
    });
    group.finish();
}

criterion_group!(benches, import);
criterion_main!(benches);
