"""What the window itself is made of: the window (:mod:`.main_window`, its top bar and its moves between pages), the
controller the pages talk to and its worker threads, the lock, the mode banner, the "Recorded" notice, Undo, the
screen, and the start-up (one window per data folder, a start that cannot go on, failures)."""
