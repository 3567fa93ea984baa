#!/usr/bin/env python3
"""Runs every fenced example of the Markdown files named, as a user would, and compares
the output an example shows with what it prints.  tests/e2e/e2e_docs.sh calls it after
setting up the user's world (see there); tests/README.md documents the markers.

usage: docs_examples.py WORKDIR FILE.md...

WORKDIR is the folder the examples run in (the user's clone, data/klotski.db the test
database).  The environment is the user's: PATH finds the installed tools, HOME holds
the installed prefix.  These variables are the runner's own:
  DOCS_EXTENSION   the installed SQLite extension, loaded for `sql` blocks;
  DOCS_PRELUDE     a shell file sourced before each command (the sanitizer build's
                   wrappers of python3, sqlite3 and cc).

A block is told apart by its info string:
  c                 compiled against the installed library (`cc $(pkg-config --cflags
                    --libs klotski)`, -Wall -Wextra -Werror), linked when it has a main;
  sql               run by the sqlite3 shell on data/klotski.db with the extension
                    loaded, stopping at the first error;
  python, pycon     doctest when it has `>>>` prompts (ELLIPSIS on), else a script;
  sh, bash, shell, console or none:
                    a transcript when a line starts with `$ ` (each command run, its
                    shown output compared; `sqlite> ` and `...> ` lines are the
                    command's input), else (sh, bash, shell) a script run with `set -e`.
Anything else fails unless a marker says why it cannot run.

A marker is an HTML comment on the line just before the fence, invisible when the
Markdown is shown: `<!-- docs-test: DIRECTIVE; DIRECTIVE -->`, with the directives
  not run: REASON   the block does not run; counted as skipped, REASON said;
  file PATH         the block is the repository's file PATH, or a part of it in whole
                    lines (an opening comment left out): checked; a block the runner
                    cannot run passes with that check (the file's own test runs it);
  before: COMMAND   a shell command run unseen first, in the same folder (a file the
                    example reads);
  port N            the example listens on TCP port N: a free port replaces N in the
                    block, and `klotski serve` gets `--port` with it.

Shown output: each line compared with trailing blanks ignored; a line `...` or `…` alone
stands for any lines (none too), and `...` or `…` inside a line for any text.  A command
that shows output may exit 0, 1 or 2 (an error shown as its output); one that shows none
must exit 0.  Blocks of one file run in order and share the shell's exported variables
and current folder, as in one terminal.

Prints `FAIL LABEL` (with what differed), `SKIP LABEL: REASON`, and closes with
"docs_examples: N passed, M failed" (the checks; skips are counted from the SKIP lines).
"""
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

FENCE = re.compile(r'^(\s*)(```+|~~~+)\s*([\w+-]*)')
MARKER = re.compile(r'^\s*<!--\s*docs-test:\s*(.*?)\s*-->\s*$')
SHELL_INFOS = {'', 'sh', 'bash', 'shell', 'console'}
PROMPT_INPUT = re.compile(r'^\s*(sqlite>|\.\.\.>) ?')
COMMAND_SECONDS = 600
BACKGROUND_SECONDS = 30


class Block:
    """One fenced block: its file, the line of its opening fence, info string, text and
    the directives of its marker."""

    def __init__(self, path, line, info, text, directives):
        self.path, self.line, self.info, self.text = path, line, info, text
        self.directives = directives
        self.label = '%s:%d (%s)' % (path, line, info or 'no language')


def parse_directives(text):
    """The marker's directives as a dict; `before` may repeat."""
    directives = {'before': []}
    for part in text.split(';'):
        part = part.strip()
        if not part:
            continue
        if part.startswith('not run:'):
            directives['not run'] = part[len('not run:'):].strip()
        elif part.startswith('before:'):
            directives['before'].append(part[len('before:'):].strip())
        elif part.startswith('file '):
            directives['file'] = part[len('file '):].strip()
        elif re.fullmatch(r'port \d+', part):
            directives['port'] = part.split()[1]
        else:
            directives['unknown'] = part
    return directives


def read_blocks(path):
    """Every fenced block of the Markdown file PATH, in order."""
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    blocks, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).lower()
        marker = MARKER.match(lines[i - 1]) if i > 0 else None
        directives = parse_directives(marker.group(1) if marker else '')
        start, body = i + 1, []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence[0] * len(fence)):
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        blocks.append(Block(path, start, info, '\n'.join(body) + '\n', directives))
        i += 1
    return blocks


def pattern_of(shown):
    """The regular expression a shown output line stands for."""
    parts = re.split(r'\.\.\.|…', shown.rstrip())
    return re.compile(''.join([re.escape(p) + '.*' for p in parts[:-1]] + [re.escape(parts[-1])]))


def matches(shown, printed):
    """Whether PRINTED (lines) is what SHOWN (lines) shows, by the rules above."""
    shown = [s for s in shown]
    while shown and not shown[-1].strip():
        shown.pop()
    printed = [p.rstrip() for p in printed]
    while printed and not printed[-1]:
        printed.pop()

    def match_from(s, p):
        if s == len(shown):
            return p == len(printed)
        if shown[s].strip() in ('...', '…'):
            return any(match_from(s + 1, q) for q in range(p, len(printed) + 1))
        return (p < len(printed) and pattern_of(shown[s]).fullmatch(printed[p]) is not None
                and match_from(s + 1, p + 1))
    return match_from(0, 0)


class Runner:
    """Runs the blocks of the files in WORKDIR and counts the checks."""

    def __init__(self, workdir):
        self.workdir = workdir
        self.passed = self.failed = 0
        self.state = tempfile.mkdtemp(prefix='docs-state.', dir=os.path.dirname(workdir))
        self.background = []

    def check(self, label, ok, detail=''):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print('FAIL %s' % label)
            if detail:
                print('  ' + detail.rstrip().replace('\n', '\n  '))

    def skip(self, label, reason):
        print('SKIP %s: %s' % (label, reason))

    # The shell each command runs in: the exported variables and the folder the last
    # command left, then the prelude; after the command, both kept for the next.
    def shell(self, command):
        env_file = os.path.join(self.state, 'env')
        cwd_file = os.path.join(self.state, 'cwd')
        prelude = os.environ.get('DOCS_PRELUDE', '')
        return ('. %s; cd "$(cat %s)"; %s\n%s\nstatus=$?; export -p > %s; pwd > %s; exit $status\n'
                % (env_file, cwd_file, '. "%s";' % prelude if prelude else '', command,
                   env_file, cwd_file))

    def start_file(self):
        with open(os.path.join(self.state, 'env'), 'w') as f:
            subprocess.run(['bash', '-c', 'export -p'], stdout=f, check=True)
        with open(os.path.join(self.state, 'cwd'), 'w') as f:
            f.write(self.workdir + '\n')

    def end_file(self):
        for process in self.background:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
        self.background = []

    def run_shell(self, command, stdin=''):
        """Runs COMMAND in the user's shell; returns (status, output with stderr)."""
        try:
            done = subprocess.run(['bash', '-c', self.shell(command)], input=stdin,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  timeout=COMMAND_SECONDS, encoding='utf-8', errors='replace')
            return done.returncode, done.stdout
        except subprocess.TimeoutExpired:
            return 'timed out after %d s' % COMMAND_SECONDS, ''

    def run_file(self, path):
        self.start_file()
        try:
            for block in read_blocks(path):
                self.run_block(block)
        finally:
            self.end_file()

    def run_block(self, block):
        d = block.directives
        if 'unknown' in d:
            self.check(block.label, False, 'unknown marker directive: %s' % d['unknown'])
            return
        if 'not run' in d:
            self.skip(block.label, 'not run: ' + d['not run'])
            return
        if 'file' in d:
            try:
                with open(os.path.join(self.workdir, d['file']), encoding='utf-8') as f:
                    whole = '\n' + f.read()
            except OSError as e:
                whole = ''
                print('  %s: %s' % (d['file'], e.strerror))
            self.check('%s: the file %s' % (block.label, d['file']), '\n' + block.text in whole,
                       'the block is not the file %s, nor a part of it' % d['file'])
        text = block.text
        if 'port' in d:
            port = str(free_port())
            text = text.replace(d['port'], port)
            text = re.sub(r'\bklotski serve\b', 'klotski serve --port ' + port, text)
        for command in d['before']:
            status, output = self.run_shell(command)
            self.check('%s: before: %s' % (block.label, command), status == 0, output)
        has_prompts = any(line.startswith('$ ') for line in text.split('\n'))
        if block.info in SHELL_INFOS and has_prompts:
            self.run_transcript(block, text)
        elif block.info in ('sh', 'bash', 'shell'):
            status, output = self.run_shell('set -e\n' + text)
            self.check(block.label + ': exit status 0', status == 0,
                       'exit status %s:\n%s' % (status, output))
        elif block.info == 'c':
            self.run_c(block, text)
        elif block.info == 'sql':
            extension = os.environ['DOCS_EXTENSION']
            status, output = self.run_shell(
                'sqlite3 -bail -batch data/klotski.db ".load %s"' % extension, text)
            self.check(block.label + ': every statement ran', status == 0,
                       'exit status %s:\n%s' % (status, output))
        elif block.info in ('python', 'pycon', 'py'):
            self.run_python(block, text)
        elif 'file' not in d:  # a file a test of its own runs (the npm example): checked above
            self.check(block.label, False,
                       'a block the runner cannot run, and no marker says why '
                       '(<!-- docs-test: not run: REASON --> just before its fence)')

    def run_transcript(self, block, text):
        for command, stdin, shown in transcript_commands(text):
            label = '%s: $ %s' % (block.label, command.split('\n')[0])
            if command.rstrip().endswith('&') and not command.rstrip().endswith('&&'):
                self.run_background(label, command.rstrip()[:-1], shown)
                continue
            status, output = self.run_shell(command, stdin)
            if shown:
                self.check(label, status in (0, 1, 2) and matches(shown, output.split('\n')),
                           'exit status %s; shown:\n%s\nprinted:\n%s'
                           % (status, '\n'.join(shown), output))
            else:
                self.check(label + ': exit status 0', status == 0,
                           'exit status %s:\n%s' % (status, output))

    def run_background(self, label, command, shown):
        """A command started with `&`: its shown lines must come within
        BACKGROUND_SECONDS; it runs until the file's blocks end."""
        out = os.path.join(self.state, 'background.%d' % len(self.background))
        with open(out, 'w') as f:
            process = subprocess.Popen(['bash', '-c', self.shell('exec ' + command)],
                                       stdout=f, stderr=subprocess.STDOUT,
                                       start_new_session=True)
        self.background.append(process)
        printed = []
        for _ in range(BACKGROUND_SECONDS * 10):
            with open(out, encoding='utf-8', errors='replace') as f:
                printed = f.read().split('\n')
            if len([p for p in printed if p]) >= len(shown) or process.poll() is not None:
                break
            time.sleep(0.1)
        self.check(label, process.poll() is None and matches(shown, printed),
                   'running: %s; shown:\n%s\nprinted:\n%s'
                   % (process.poll() is None, '\n'.join(shown), '\n'.join(printed)))

    def run_c(self, block, text):
        source = os.path.join(self.state, 'block.c')
        with open(source, 'w', encoding='utf-8') as f:
            f.write(text)
        link = '' if re.search(r'\bmain\s*\(', text) else '-c'
        status, output = self.run_shell(
            'flags=$(pkg-config --cflags --libs klotski) && '
            'cc -std=c11 -Wall -Wextra -Werror %s -o "%s.out" "%s" $flags' % (link, source, source))
        self.check(block.label + ': compiles against the installed library', status == 0,
                   'exit status %s:\n%s' % (status, output))

    def run_python(self, block, text):
        source = os.path.join(self.state, 'block.py')
        with open(source, 'w', encoding='utf-8') as f:
            f.write(text)
        if '>>>' in text:
            command = ('python3 -c \'import doctest, sys; failed, _ = doctest.testfile(sys.argv[1], '
                       'module_relative=False, optionflags=doctest.ELLIPSIS); '
                       'sys.exit(failed > 0)\' "%s"' % source)
        else:
            command = 'python3 "%s"' % source
        status, output = self.run_shell(command)
        self.check(block.label + ': runs as shown', status == 0,
                   'exit status %s:\n%s' % (status, output))


def transcript_commands(text):
    """A transcript's commands: (command, its input, its shown output lines)."""
    commands = []
    lines = text.rstrip('\n').split('\n')
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith('$ '):
            i += 1
            continue
        command = line[2:]
        while command.endswith('\\') and i + 1 < len(lines):
            i += 1
            command += '\n' + lines[i]
        i += 1
        stdin, shown = [], []
        while i < len(lines) and not lines[i].startswith('$ '):
            m = PROMPT_INPUT.match(lines[i])
            if m:
                stdin.append(lines[i][m.end():])
            else:
                shown.append(lines[i])
            i += 1
        commands.append((command, '\n'.join(stdin) + '\n' if stdin else '', shown))
    return commands


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def main():
    if len(sys.argv) < 3:
        sys.exit('usage: docs_examples.py WORKDIR FILE.md...')
    runner = Runner(os.path.abspath(sys.argv[1]))
    for path in sys.argv[2:]:
        runner.run_file(path)
    print('docs_examples: %d passed, %d failed' % (runner.passed, runner.failed))


if __name__ == '__main__':
    main()
