/// The shell text `patternlint install-hook` writes to `.git/hooks/pre-commit`.
///
/// GUI git clients run hooks with a bare PATH, so the hook remembers the binary that installed
/// it, and a commit that stages nothing PatternLint reads passes without looking for it at all.
enum PreCommitHookScript {
    static let marker = "# installed by patternlint install-hook"

    static func text(binary: String) -> String {
        """
        #!/bin/sh
        \(marker)
        # Lints the staged content of staged Swift files. Skip once with `git commit --no-verify`.

        # A commit that stages no Swift file and no note (markdown) needs no lint, nor the tool.
        if [ -z "$(git diff --cached --name-only --diff-filter=ACMR -- '*.swift' '*.md')" ]; then
            exit 0
        fi

        # $PATTERNLINT when set, else the binary that installed this hook, else PATH.
        recorded=\(shellQuoted(binary))
        for candidate in "${PATTERNLINT:-}" "$recorded" "$(command -v patternlint 2>/dev/null)"; do
            if [ -n "$candidate" ] && [ -x "$candidate" ] && [ ! -d "$candidate" ]; then
                exec "$candidate" lint --staged
            fi
        done
        echo "patternlint: not found at $recorded${PATTERNLINT:+, $PATTERNLINT} nor on PATH; fix: run \\`patternlint install-hook --force\\` where it is installed, or set PATTERNLINT=/full/path/to/patternlint (skip once: git commit --no-verify)" >&2
        exit 1

        """
    }

    /// `'…'` for sh, an embedded `'` closed, escaped and reopened.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
