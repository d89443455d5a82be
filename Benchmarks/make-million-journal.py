# Writes /tmp/million.units: 10 habits, 1,000,000 entries (10 a day from 1990).
# Benchmark: swift build -c release && time .build/release/units stats --json --file /tmp/million.units --today 2263-10-17
import random, datetime
random.seed(1)
names=["Read","Gym","Write","Walk","Code","Study","Yoga","Piano","Cook","Clean"]
out=["units 1"]
start=datetime.date(1990,1,1)
for n in names: out.append(f"1990-01-01 habit {n}\n  floor: 20/week")
d=start; count=0
while count<1000000:
    ds=d.isoformat()
    for _ in range(10):
        out.append(f"{ds} {random.choice(names)} {random.randint(1,9)}"); count+=1
    d+=datetime.timedelta(days=1)
open("/tmp/million.units","w").write("\n".join(out)+"\n")
print(d, count)
