func animate() {
    UIView.animate(withDuration: 0.3, animations: { self.view.alpha = 0 }) { _ in
        self.done()
    }
}
