import { AppstoreOutlined, BankOutlined, CarOutlined, DashboardOutlined, HomeOutlined, SettingOutlined, ShopOutlined, TeamOutlined, ToolOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

// Menu icons are named in the server's menu tree; unknown names fall back to a neutral icon.
const ICONS: Record<string, ReactNode> = {
  HomeOutlined: <HomeOutlined />,
  ToolOutlined: <ToolOutlined />,
  CarOutlined: <CarOutlined />,
  BankOutlined: <BankOutlined />,
  ShopOutlined: <ShopOutlined />,
  TeamOutlined: <TeamOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  SettingOutlined: <SettingOutlined />,
};

export function menuIcon(name: string | null): ReactNode {
  return name ? (ICONS[name] ?? <AppstoreOutlined />) : undefined;
}
