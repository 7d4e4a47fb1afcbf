import { BigDataScreen } from './BigDataScreen';

/** The big-data screen inside the shell (`/bigdata/customerinformation`). */
export default function BigDataPage() {
  return <BigDataScreen mode="shell" />;
}
