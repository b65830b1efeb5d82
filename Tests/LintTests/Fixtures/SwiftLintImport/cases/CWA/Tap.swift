app.buttons["Pay"].tap()
button.doubleTap()
retap()
