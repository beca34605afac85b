import sys

from tools.chances.build import main

sys.exit(main())
