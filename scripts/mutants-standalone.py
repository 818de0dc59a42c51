#!/usr/bin/env python3
"""A quick screen of src/stats.rs's mutants without cargo: applies each mutant that a
cargo-mutants run listed (its mutants.json) to a copy of the file, compiles the copy alone with
`rustc --test` against the crate's own rand and rand_chacha (from target/test-opt/deps) and runs
its unit tests, one mutant at a time: about 1 s a mutant against cargo-mutants' 12 to 20 s (one
incremental build of the whole crate). It runs stats.rs's own tests only, not the lib's `diff::`
tests, so it can only call a mutant missed that cargo-mutants would catch, never the reverse;
confirm its survivors with `RE=... scripts/mutants.sh stats`.

  scripts/mutants-standalone.py target/mutants/stats/mutants.out/mutants.json 0-320 out.tsv
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

mutants_json, selection, out = sys.argv[1:4]
deps = 'target/test-opt/deps'


def compile_args(source, binary, rand):
    # As the test-opt profile (from release) builds it, but for the opt-level: no debug
    # assertions, no overflow checks.
    return ['rustc', '--edition', '2021', '--test', '-C', 'opt-level=0', '-C',
            'debug-assertions=off', '-C', 'overflow-checks=off', '--crate-name', 'stats', source,
            '--extern', f'rand={rand}', '--extern', f'rand_chacha={rand_chacha}', '-L', deps,
            '-o', binary, '-A', 'warnings']


mutants = json.load(open(mutants_json))
chosen = []
for part in selection.split(','):
    first, _, last = part.partition('-')
    chosen += range(int(first), int(last or first) + 1)
original = open('src/stats.rs').read().split('\n')
work = tempfile.mkdtemp()
# target/ may hold more than one build of rand (other versions, other features): take the one
# the unmutated file compiles against.
rand_chacha = glob.glob(f'{deps}/librand_chacha-*.rlib')[0]
rand = next(r for r in glob.glob(f'{deps}/librand-*.rlib')
            if subprocess.run(compile_args('src/stats.rs', f'{work}/base', r),
                              capture_output=True).returncode == 0)
with open(out, 'a') as results:
    for i in chosen:
        m = mutants[i]
        start, end = m['span']['start'], m['span']['end']  # 1-based columns, end exclusive
        head = original[:start['line'] - 1] + [original[start['line'] - 1][:start['column'] - 1]]
        tail = [original[end['line'] - 1][end['column'] - 1:]] + original[end['line']:]
        source, binary = f'{work}/m{i}.rs', f'{work}/m{i}'
        open(source, 'w').write('\n'.join(head) + m['replacement'] + '\n'.join(tail))
        build = subprocess.run(compile_args(source, binary, rand), capture_output=True)
        if build.returncode != 0:
            outcome = 'unviable'
        else:
            try:
                run = subprocess.run([binary, '-q'], capture_output=True, timeout=60)
                outcome = 'caught' if run.returncode != 0 else 'missed'
            except subprocess.TimeoutExpired:
                outcome = 'timeout'
            os.remove(binary)
        os.remove(source)
        print(i, outcome, m['name'], flush=True)
        results.write(f'{i}\t{outcome}\t{m["name"]}\n')
