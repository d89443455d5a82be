# Homebrew formula for units, the plain-text habit tracker (docs/platforms.md).
# Named units-journal: Homebrew's `units` name belongs to the unit converter
# (gnu-units, installed as gunits), and macOS has its own /usr/bin/units.
#
#   brew tap units/journal https://example.org/units.git   # this repository
#   brew install --HEAD units/journal/units-journal
class UnitsJournal < Formula
  desc "Plain-text habit tracker: a habits.units file is the database"
  homepage "https://example.org/units"
  head "https://example.org/units.git", branch: "main"

  depends_on xcode: ["16.0", :build] # Swift 6 (swift-tools-version 6.0)
  depends_on macos: :sequoia         # Package.swift: platforms macOS 15

  def install
    # SwiftPM's own sandbox cannot start inside Homebrew's build sandbox.
    system "swift", "build", "--disable-sandbox", "-c", "release"
    # The Makefile installs the three tools, the man pages and the bash, zsh
    # and fish completions under the prefix (nothing outside it: the bash
    # completion's second copy goes to PREFIX/etc/bash_completion.d, which
    # bash-completion@2 reads). `-o build`: built above, not again.
    system "make", "install", "-o", "build", "PREFIX=#{prefix}"
  end

  def caveats
    <<~EOS
      This installs `units`, the habit tracker, into #{HOMEBREW_PREFIX}/bin,
      which comes before /usr/bin on your PATH: `units` now runs the habit
      tracker. macOS's own unit converter is untouched at /usr/bin/units, and
      `units '2 miles' km` says to run it there. To keep `units` for the
      converter, build from source and install under another name instead:
        make install PREFIX=#{HOMEBREW_PREFIX} NAME=habits
      bash completion needs bash-completion@2 (zsh and fish need nothing).
    EOS
  end

  test do
    journal = testpath/"habits.units"
    journal.write "units 1\n\n2025-12-01 habit Walk\n  unit: km\n"
    system bin/"units", "log", "Walk", "2", "--file", journal, "--date", "2025-12-14"
    assert_match "2025-12-14 Walk 2", journal.read
    assert_match "journal format", shell_output("#{bin}/units --version")
    system bin/"units-lint", journal
    system bin/"units-fmt", "--check", journal
    # The hand-over to macOS's unit converter.
    assert_match "/usr/bin/units", shell_output("#{bin}/units '2 miles' km 2>&1", 2)
  end
end
