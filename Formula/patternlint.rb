# Homebrew formula, ready for a tap (brew tap OWNER/patternlint https://github.com/OWNER/patternlint).
# Until a release is tagged, install the newest commit: brew install --HEAD OWNER/patternlint/patternlint
class Patternlint < Formula
  desc "Lint SwiftUI navigation code against your team's markdown pattern notes"
  homepage "https://github.com/OWNER/patternlint"
  license "MIT"
  head "https://github.com/OWNER/patternlint.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  depends_on "cmark"

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "patternlint"
    bin.install ".build/release/patternlint"
  end

  test do
    (testpath/"Home.swift").write <<~SWIFT
      import SwiftUI
      struct Home: View {
          var body: some View { Text("x").sheet(isPresented: .constant(true)) { Text("y") } }
      }
    SWIFT
    output = shell_output("#{bin}/patternlint lint Home.swift 2>&1", 1)
    assert_match "(constant-binding)", output
  end
end
