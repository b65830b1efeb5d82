#!/usr/bin/env python3
"""Generates a corpus of SwiftUI-like Swift files (default >= 20 MB) for benchmarks."""
import os, random, sys

out = sys.argv[1]
target = int(float(sys.argv[2]) * 1e6) if len(sys.argv) > 2 else 20_000_000
rng = random.Random(7)
os.makedirs(out, exist_ok=True)

def view(i):
    name = f"Screen{i}"
    child = f"Row{rng.randrange(1000)}"
    return f'''import SwiftUI

/// {name} shows a list of items. // a doc comment with "quotes"
/* block /* nested */ comment */
struct {name}: View {{
    @State private var path = NavigationPath()
    @State private var selection: Item.ID? = nil
    @Binding var page: Page
    @Environment(\\.dismiss) private var dismiss
    let items: [Item]
    private let pattern = /item-(\\d+)/
    private let raw = #"raw "string" with \\(no) interpolation"#

    init(page: Binding<Page>, items: [Item] = []) {{
        self._page = page
        self.items = items
    }}

    var body: some View {{
        NavigationStack(path: $path) {{
            List(items) {{ item in
                NavigationLink(value: item) {{
                    {child}(title: "Item \\(item.id): \\(item.name.uppercased())", count: item.count / 2)
                }}
            }}
            .navigationTitle("{name}")
            .navigationDestination(for: Item.self) {{ item in
                DetailView(item: item, ratio: Double(item.count) / 3.0)
            }}
            .toolbar {{
                ToolbarItem(placement: .primaryAction) {{
                    Button("Done") {{ dismiss() }}
                }}
            }}
        }}
        .sheet(isPresented: .constant(false)) {{ Text("Sheet") }}
    }}

    private func total(_ values: [Int]) -> Int {{
        values.filter {{ $0 > 0x1F && $0 < 1_000 }}.reduce(0, +)
    }}

    var summary: String {{
        """
        Total: \\(total(items.map(\\.count)))
        Ratio: \\(Double(items.count) / 2.5e1)
        """
    }}
}}

'''

size = 0
index = 0
while size < target:
    path = os.path.join(out, f"dir{index % 50}", f"File{index}.swift")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    text = "".join(view(index * 10 + k) for k in range(rng.randint(3, 12)))
    with open(path, "w") as f:
        f.write(text)
    size += len(text.encode())
    index += 1
print(f"{index} files, {size/1e6:.1f} MB", file=sys.stderr)
