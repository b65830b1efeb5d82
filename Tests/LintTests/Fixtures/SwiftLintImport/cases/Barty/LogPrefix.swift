log.info("info: app started")
log.info("App started")
