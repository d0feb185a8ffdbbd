"""Start the processes: with a function, each one runs it; without, the script continues in each."""


def run(fabric, fn=None, *args):
    if fn is None:
        fabric.launch()
        return None
    return fabric.launch(fn, *args)
