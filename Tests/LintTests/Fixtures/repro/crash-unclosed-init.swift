import SwiftUI

struct Badge: View {
    let label: String

    init(label: String) {