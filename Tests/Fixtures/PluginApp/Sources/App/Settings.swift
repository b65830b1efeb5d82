struct Settings: View {
    @State var volume = 5

    var body: some View {
        NavigationView {
            Text("Volume \(volume)")
        }
    }
}
